import { catalogueEntry } from './catalogue.js';
import type { ErrorType } from './error-types.js';

/** True for an integer HTTP status a reply can carry (200–599). */
export const isValidHttpStatus = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 200 && value <= 599;

/**
 * The HTTP status of an error type (SPEC §8): the catalogue's status for a known type; a number as
 * itself when it is a valid HTTP status, else 500 (the caller logs such codes); an unknown type name
 * containing `Invalid` 401, as SPEC maps every such type; any other unknown name 500.
 */
export function errorStatus(type: ErrorType | string | number): number {
  const entry = catalogueEntry(type);
  if (entry) return entry.status;
  if (typeof type === 'number') return isValidHttpStatus(type) ? type : 500;
  if (type.includes('Invalid')) return 401;
  return 500;
}
