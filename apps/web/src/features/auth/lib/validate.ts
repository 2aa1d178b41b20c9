export type SelfRole = 'buyer' | 'seller';

/** The role preselected from ?role= (buyer unless it says seller). */
export function roleFromSearch(search: string): SelfRole {
  const role = new URLSearchParams(search).get('role');
  return role === 'seller' ? 'seller' : 'buyer';
}
