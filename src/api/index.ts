export * from './primitives.js';
export * from './schemas.js';
export * from './endpoints.js';
