// A rule option's key as people read it: `starting_life` -> "Starting life".
export function optionLabel(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
