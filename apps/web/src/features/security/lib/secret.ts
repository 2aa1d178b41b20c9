/** An authenticator secret as people read and type it: groups of four ("JBSW Y3DP EHPK 3PXP"). */
export function groupsOfFour(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
