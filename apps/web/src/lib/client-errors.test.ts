import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, ZClientErrorReport } from '@holdfast/contracts';
import { clientErrorReport } from './client-errors';

describe('clientErrorReport', () => {
  it('names the error, its stack, the components and the page', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'amount')");
    const report = clientErrorReport(error, '\n    at TransactionCard', 'http://localhost:5000/transactions');
    expect(report).toEqual({
      message: "TypeError: Cannot read properties of undefined (reading 'amount')",
      stack: error.stack,
      componentStack: '\n    at TransactionCard',
      url: 'http://localhost:5000/transactions',
    });
    expect(clientErrorReport('thrown text', null, '/')).toEqual({ message: 'thrown text', url: '/' });
  });

  it('trims every field to what the server takes', () => {
    const error = new Error('m'.repeat(10_000));
    error.stack = 's'.repeat(10_000);
    const report = clientErrorReport(error, 'c'.repeat(10_000), `http://x/${'u'.repeat(10_000)}`);
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(report.componentStack).toHaveLength(CLIENT_ERROR_LIMITS.componentStack);
    expect(report.url).toHaveLength(CLIENT_ERROR_LIMITS.url);
    expect(report.message.endsWith('…')).toBe(true);
    expect(ZClientErrorReport.safeParse(report).success).toBe(true);
  });
});
