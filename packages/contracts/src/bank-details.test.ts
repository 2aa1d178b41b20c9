import { describe, expect, it } from 'vitest';
import * as bank from './bank-details.js';

describe('bank details', () => {
  it('checks an IBAN’s mod-97 checksum, with or without spaces', () => {
    expect(bank.isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(bank.isValidIban('de89370400440532013000')).toBe(true);
    expect(bank.isValidIban('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(bank.isValidIban('GB82')).toBe(false);
    expect(bank.isValidIban('1234567890123456')).toBe(false);
  });

  it('checks BIC shapes, South African branch codes and ABA routing numbers', () => {
    expect(bank.isValidBic('DEUTDEFF')).toBe(true);
    expect(bank.isValidBic('deut de ff 500')).toBe(true);
    expect(bank.isValidBic('DEUT1EFF')).toBe(false);
    expect(bank.isValidZaBranchCode('250655')).toBe(true);
    expect(bank.isValidZaBranchCode('25065')).toBe(false);
    expect(bank.isValidAbaRouting('021000021')).toBe(true);
    expect(bank.isValidAbaRouting('021000022')).toBe(false);
  });

  it('drops the spaces and hyphens people group numbers with, nothing else', () => {
    expect(bank.compactDigits(' 062-000 ')).toBe('062000');
    expect(bank.compactDigits('1234 5678-90')).toBe('1234567890');
    expect(bank.compactDigits('062/000')).toBe('062/000');
  });

  it('checks Canadian institution and transit numbers and Australian BSBs', () => {
    expect(bank.isValidCaInstitution('003')).toBe(true);
    expect(bank.isValidCaInstitution('3')).toBe(false);
    expect(bank.isValidCaInstitution('0003')).toBe(false);
    expect(bank.isValidCaTransit('12345')).toBe(true);
    expect(bank.isValidCaTransit('12-345')).toBe(true);
    expect(bank.isValidCaTransit('1234A')).toBe(false);
    expect(bank.isValidAuBsb('062-000')).toBe(true);
    expect(bank.isValidAuBsb('062 000')).toBe(true);
    expect(bank.isValidAuBsb('06200')).toBe(false);
    expect(bank.isValidAuBsb('062.000')).toBe(false);
    expect(bank.formatBsb('062000')).toBe('062-000');
    expect(bank.formatBsb('0620')).toBe('0620');
  });
});
