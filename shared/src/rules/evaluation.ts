/** The grades of the service evaluation (spec point 3, chat settings): 1 to 5. */
export type EvaluationGrade = 1 | 2 | 3 | 4 | 5;

const DIGIT = /^\s*(?:nota\s*)?([1-5])\s*[.!]?\s*$/i;
const STAR = /^(?:\s*[⭐★]\uFE0F?\s*){1,5}$/u;

/**
 * The grade a customer's answer gives: "5", "nota 4", "3." or one to five stars. Anything else is not an
 * answer to the question (the customer moved on), and a new conversation opens as usual.
 */
export function gradeOf(text: string | undefined): EvaluationGrade | undefined {
  if (!text) return undefined;
  const digit = DIGIT.exec(text);
  if (digit) return Number(digit[1]) as EvaluationGrade;
  if (STAR.test(text)) return [...text.matchAll(/[⭐★]/gu)].length as EvaluationGrade;
  return undefined;
}
