#!/usr/bin/env node
// Start the gateway from the environment (README, configuration): `npx manifold-gateway`.
await import('../dist/main.js');
