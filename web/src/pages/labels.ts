// A rule option's key as people read it: `starting_life` -> "Starting life".
export function optionLabel(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The tag that tells whether a table's deal was chosen by its creator. */
export function seedNote(seed?: string, commitment?: string): { label: string; title: string } | null {
  if (seed === "fixed")
    return { label: "fixed seed", title: "The table's creator chose the seed: whoever knows it can know every shuffle (practice and tests)." };
  if (seed === "secret")
    return { label: "secret seed", title: `The server drew the seed and keeps it secret until the game is over; it committed to SHA-256 ${commitment ?? ""}.` };
  return null;
}
