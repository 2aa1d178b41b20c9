/**
 * `promise`'s value, or `fallback` when it has not settled within `ms` or rejected: for health checks,
 * which must answer quickly even when what they ask hangs (the late answer is dropped).
 */
export async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(resolve, ms, fallback)));
  try {
    return await Promise.race([promise, late]);
  } catch {
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}
