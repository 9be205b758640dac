// Parcours: the dice a race asks for, and a fair throw of them.

/** @typedef {import("./lang.mjs").Words} Words */
/**
 * What a race waits for, as the engine says it (Game.position's need): dice, or a player's decision.
 * @typedef {{kind: "dice", seat: number, count: number, sides?: number}} DiceNeed
 * @typedef {{kind: "choice", seat: number, choices: string[], labels: Record<string, Words>, question: Words}} ChoiceNeed
 * @typedef {DiceNeed | ChoiceNeed} Need
 */

// A fair die of `sides` faces (the Ronde also throws D4, D8, D10, D12 and D16).
function randomDie(sides = 6) {
  const n = Number.isInteger(sides) && sides > 1 && sides <= 256 ? sides : 6;
  const limit = 256 - (256 % n); // bytes from `limit` up would favour the low faces
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte); while (byte[0] >= limit);
  return (byte[0] % n) + 1;
}

// The die a need asks for ("D16", "2 × D6"), and its throw at random.
/** @type {(need: DiceNeed | null | undefined) => number} */
export const sidesOf = (need) => (need && Number.isInteger(need.sides) ? /** @type {number} */ (need.sides) : 6);

/** @param {DiceNeed | null | undefined} need */
export function dieName(need) {
  const die = `D${sidesOf(need)}`;
  return need && need.count > 1 ? `${need.count} × ${die}` : die;
}

/** @param {DiceNeed} need */
export function throwFor(need) {
  return Array.from({ length: need.count }, () => randomDie(sidesOf(need)));
}
