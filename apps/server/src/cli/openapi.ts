// Writes docs/openapi.json from the route schemas: `npm run openapi`. A test fails when it is stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from '../openapi.js';

const target = path.resolve(import.meta.dirname, '../../../../docs/openapi.json');
writeFileSync(target, await generateOpenApi());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
