/**
 * node:crypto, loaded when first needed: most --local commands only read, and
 * loading it costs about 3 ms of their start-up (docs/api-decisions.md, "Start-up").
 */
export const crypto = () => process.getBuiltinModule('node:crypto');
