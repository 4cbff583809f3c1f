import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../shell/subapp/fileName';

describe('the file name of a download', () => {
  it('takes the UTF-8 name over the plain fallback', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="customer.xlsx"; filename*=UTF-8''%E5%AE%A2%E6%88%B7-2026-11-24.xlsx`,
      ),
    ).toBe('客户-2026-11-24.xlsx');
  });
  it('reads a quoted or bare plain name', () => {
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
  });
  it('answers null without a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('inline')).toBeNull();
  });
});

import { fillTemplate } from '../../bridge/typed';

describe('a typed request path', () => {
  it('fills each {parameter}, encoded', () => {
    expect(fillTemplate('/api/platform-system/dict/{id}/items/{itemId}', { id: 'a b', itemId: '7/8' })).toBe(
      '/api/platform-system/dict/a%20b/items/7%2F8',
    );
  });
  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => fillTemplate('/api/x/{id}', {})).toThrow('missing path parameter "id"');
  });
});
