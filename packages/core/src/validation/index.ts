/**
 * Validation rules of spec section 5: messages (verbatim), bounds, plain rules, cross-field
 * rules, zod schemas built from them, and the zod-error-to-fields helper the server and the
 * console share.
 */
export * from './cross-field-rules.ts';
export * from './field-issues.ts';
export * from './field-schemas.ts';
export * from './files.ts';
export * from './form-schemas.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './parsers.ts';
export * from './rules.ts';
export * from './types.ts';
export * from './zod-checks.ts';
