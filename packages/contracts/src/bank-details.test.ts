import { describe, expect, it } from 'vitest';
import { isValidAbaRouting, isValidBic, isValidIban, isValidZaBranchCode } from './bank-details.js';

describe('bank details', () => {
  it('checks an IBAN’s mod-97 checksum, with or without spaces', () => {
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('de89370400440532013000')).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(isValidIban('GB82')).toBe(false);
    expect(isValidIban('1234567890123456')).toBe(false);
  });

  it('checks BIC shapes, South African branch codes and ABA routing numbers', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('deut de ff 500')).toBe(true);
    expect(isValidBic('DEUT1EFF')).toBe(false);
    expect(isValidZaBranchCode('250655')).toBe(true);
    expect(isValidZaBranchCode('25065')).toBe(false);
    expect(isValidAbaRouting('021000021')).toBe(true);
    expect(isValidAbaRouting('021000022')).toBe(false);
  });
});
