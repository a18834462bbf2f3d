import type { ValidationResult } from '@pos/core';

type Check = (value: unknown) => ValidationResult;

/**
 * Turns a core validator (null when valid, else the spec's message) into an antd-mobile Form rule,
 * so the message shows under the field exactly as the server would word it.
 */
export const coreRule = (check: Check) => ({
  validator: (_rule: unknown, value: unknown) => {
    const message = check(value ?? '');
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** Same as coreRule for a field that may stay empty. */
export const optionalCoreRule = (check: Check) => ({
  validator: (_rule: unknown, value: unknown) => {
    if (value === undefined || value === null || value === '') return Promise.resolve();
    const message = check(value);
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});
