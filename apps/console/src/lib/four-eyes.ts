/**
 * What a viewer may do with a proposal under four eyes: only wait, because they made it and a
 * second operator must decide; decide it, when their role decides such proposals; or nothing,
 * because it is decided or their role does not decide it.
 */
export function reviewState(
  p: {
    /** The proposal still waits for a decision. */
    pending: boolean;
    /** The viewer's role may decide such proposals. */
    allowed: boolean;
    /** The operator who made the proposal. */
    proposedBy: number | null | undefined;
  },
  viewer: number | undefined,
): 'decide' | 'own' | 'none' {
  if (!p.pending) return 'none';
  if (p.proposedBy === viewer) return 'own';
  return p.allowed ? 'decide' : 'none';
}
