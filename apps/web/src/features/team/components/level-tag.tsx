/** An agent's level (V1, V2 ...) as a small gold badge. */
export function LevelTag({ name }: { name: string }) {
  return <span className="team-level">{name}</span>;
}
