/**
 * The choices an Accept-* header lists (Accept-Language, Accept-Encoding), lower case, each with
 * its `q` (1 when not given), in the order named. A choice with q=0 means "not this one".
 */
export function acceptedChoices(header: string | undefined): { value: string; q: number }[] {
  const choices: { value: string; q: number }[] = [];
  for (const part of (header ?? '').split(',')) {
    const [value = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!value) continue;
    const qParam = params.find((param) => /^q=/i.test(param));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    choices.push({ value: value.toLowerCase(), q: Number.isFinite(q) ? q : 0 });
  }
  return choices;
}
