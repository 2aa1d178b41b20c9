import { describe, expect, it } from 'vitest';
import {
  compactDigits,
  formatBsb,
  isValidAbaRouting,
  isValidAuBsb,
  isValidBic,
  isValidCaInstitution,
  isValidCaTransit,
  isValidIban,
  isValidZaBranchCode,
} from './bank-details.js';

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

  it('drops the spaces and hyphens people group numbers with, nothing else', () => {
    expect(compactDigits(' 062-000 ')).toBe('062000');
    expect(compactDigits('1234 5678-90')).toBe('1234567890');
    expect(compactDigits('062/000')).toBe('062/000');
  });

  it('checks Canadian institution and transit numbers and Australian BSBs', () => {
    expect(isValidCaInstitution('003')).toBe(true);
    expect(isValidCaInstitution('3')).toBe(false);
    expect(isValidCaInstitution('0003')).toBe(false);
    expect(isValidCaTransit('12345')).toBe(true);
    expect(isValidCaTransit('12-345')).toBe(true);
    expect(isValidCaTransit('1234A')).toBe(false);
    expect(isValidAuBsb('062-000')).toBe(true);
    expect(isValidAuBsb('062 000')).toBe(true);
    expect(isValidAuBsb('06200')).toBe(false);
    expect(isValidAuBsb('062.000')).toBe(false);
    expect(formatBsb('062000')).toBe('062-000');
    expect(formatBsb('0620')).toBe('0620');
  });
});
