/**
 * Word features shared by the deterministic model fake and the handoff rules: lower case, accents removed,
 * short and very common words dropped, a crude plural strip so "planos" meets "plano".
 */
const STOPWORDS = new Set(
  (
    'que para com uma por mais como mas dos das nos nas aos pelo pela seu sua seus suas ele ela voce vocês voces ' +
    'meu minha isso esse essa este esta the and for with you your are was what how can does from this that ' +
    'los las del por con una para como qual quais quando onde tem sao ser foi ter'
  ).split(' '),
);

export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function words(text: string): string[] {
  return (normalize(text).match(/[a-z0-9]+/g) ?? [])
    .filter((word) => word.length >= 3 && !STOPWORDS.has(word))
    .map((word) => (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word));
}

const LANGUAGE_HINTS: Record<'pt' | 'en' | 'es', readonly string[]> = {
  pt: [
    'voce',
    'qual',
    'nao',
    'obrigado',
    'ola',
    'quero',
    'preciso',
    'como',
    'quanto',
    'custa',
    'seu',
    'meu',
    'vocês',
    'sim',
    'uma',
    'para',
  ],
  en: [
    'the',
    'what',
    'how',
    'you',
    'your',
    'is',
    'does',
    'can',
    'hello',
    'want',
    'price',
    'much',
    'need',
    'please',
    'my',
  ],
  es: [
    'usted',
    'cual',
    'cuanto',
    'cuesta',
    'hola',
    'quiero',
    'necesito',
    'gracias',
    'por',
    'favor',
    'tiene',
    'es',
    'el',
    'mi',
  ],
};

/** The customer's language among those the product answers in; Portuguese when unclear. */
export function detectLanguage(text: string): 'pt' | 'en' | 'es' {
  const tokens = normalize(text).match(/[a-z]+/g) ?? [];
  let best: 'pt' | 'en' | 'es' = 'pt';
  let bestScore = 0;
  for (const language of ['pt', 'en', 'es'] as const) {
    const score = tokens.filter((token) => LANGUAGE_HINTS[language].includes(token)).length;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

/** 32-bit FNV-1a, for hashing words into vector positions. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
