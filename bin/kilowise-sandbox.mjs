#!/usr/bin/env node
// `npx kilowise-sandbox` from a checkout: runs scripts/sandbox.ts (TypeScript) through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/sandbox.ts');
