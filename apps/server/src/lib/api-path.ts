/** An API call or a socket (answered as JSON, behind the account gates), not a page or an asset of the web app. */
export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/ws');
}
