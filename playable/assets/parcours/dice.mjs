// Parcours: the dice a race asks for, and a fair throw of them.

// A fair die of `sides` faces (the Ronde also throws D4, D8, D10, D12 and D16).
function randomDie(sides = 6) {
  const n = Number.isInteger(sides) && sides > 1 && sides <= 256 ? sides : 6;
  const limit = 256 - (256 % n); // bytes from `limit` up would favour the low faces
  const byte = new Uint8Array(1);
  do crypto.getRandomValues(byte); while (byte[0] >= limit);
  return (byte[0] % n) + 1;
}

// The die a need asks for ("D16", "2 × D6"), and its throw at random.
export const sidesOf = (need) => (need && Number.isInteger(need.sides) ? need.sides : 6);

export function dieName(need) {
  const die = `D${sidesOf(need)}`;
  return need && need.count > 1 ? `${need.count} × ${die}` : die;
}

export function throwFor(need) {
  return Array.from({ length: need.count }, () => randomDie(sidesOf(need)));
}

// A refusal for faces that do not fit the die ([en, fr]), or null.
export function badFace(dice, need) {
  const sides = sidesOf(need);
  const wrong = dice.find((d) => d < 1 || d > sides);
  if (wrong === undefined) return null;
  if (sides === 6) return [`A die shows 1 to 6: ${wrong} is not a face.`, `Un dé va de 1 à 6 : ${wrong} n'est pas une face.`];
  return [`This throw is a D${sides}, which shows 1 to ${sides}: ${wrong} is not a face.`,
    `Ce lancer se fait au D${sides}, qui va de 1 à ${sides} : ${wrong} n'est pas une face.`];
}
