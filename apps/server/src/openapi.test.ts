import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenApi } from './openapi.js';

describe('docs/openapi.json', () => {
  it('matches the route schemas (run `npm run openapi` after changing a route)', async () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '../../../docs/openapi.json'), 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(await generateOpenApi()));
  });
});
