import { describe, expect, it } from 'vitest';
import { visibleActions } from './page-header.tsx';

describe('page header actions', () => {
  const actions = [
    { key: 'create', label: 'Criar' },
    { key: 'import', label: 'Importar', blockedOnOfficialWhatsapp: true },
    { key: 'secret', label: 'Oculto', hidden: true },
  ];

  it('hides hidden actions and, for official WhatsApp companies, the blocked ones', () => {
    expect(visibleActions(actions, false).map((action) => action.key)).toEqual(['create', 'import']);
    expect(visibleActions(actions, true).map((action) => action.key)).toEqual(['create']);
  });
});
