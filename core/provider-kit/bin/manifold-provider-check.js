#!/usr/bin/env node
// The conformance check of a provider package (see src/check.ts).
await import('../dist/check.js');
