import type { LogicalJoin, WireJoin } from './types';

// docs/behaviour.md: joins AND, OR (sent as IN), NOT (sent as NOT IN), DISABLED (treated as AND); a filter
// operator other than AND or OR is disabled.

/** A taxonomy filter's operator setting: AND or OR, anything else disables the combination. */
export function normalizeOperator(operator: unknown): 'AND' | 'OR' | 'DISABLED' {
  return operator === 'AND' || operator === 'OR' ? operator : 'DISABLED';
}

export function toWireJoin(join: LogicalJoin): WireJoin {
  switch (join) {
    case 'OR':
      return 'IN';
    case 'NOT':
      return 'NOT IN';
    default:
      return 'AND';
  }
}

export function fromWireJoin(join: WireJoin): LogicalJoin {
  return join === 'IN' ? 'OR' : join === 'NOT IN' ? 'NOT' : 'AND';
}
