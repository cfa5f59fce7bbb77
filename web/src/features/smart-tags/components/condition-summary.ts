import type { SmartTagView } from '@atende/shared/contracts/smart-tags/views';
import { ptBR } from '@atende/shared/i18n/pt-BR';

const m = ptBR.smartTags;

/**
 * One readable line per condition in the list ("Última conversa não nos últimos 30 dias"); ids (tags, wallets, tabulations, channels)
 * are shown by their names when known.
 */
export function conditionSummary(
  condition: SmartTagView['conditions'][number],
  names: ReadonlyMap<string, string>,
): string {
  const field =
    condition.field === 'custom_field'
      ? `${m.fields.custom_field} ${names.get(`field:${condition.key ?? ''}`) ?? condition.key ?? ''}`
      : m.fields[condition.field];
  const days = condition.operator === 'within_last_days' || condition.operator === 'not_within_last_days';
  const shown = names.get(String(condition.value)) ?? condition.value;
  const value = condition.value === undefined ? '' : ` ${shown}${days ? ` ${m.screens.days}` : ''}`;
  return `${field} ${m.operators[condition.operator]}${value}`;
}
