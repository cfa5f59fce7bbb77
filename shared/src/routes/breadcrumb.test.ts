import { describe, expect, it } from 'vitest';
import { breadcrumb } from './breadcrumb.ts';

describe('breadcrumb (spec point 2: path segments labelled from menu names)', () => {
  it.each([
    { pathname: '/app/home', crumbs: [{ label: 'Início', path: '/app/home' }] },
    {
      pathname: '/app/contacts/wallets',
      crumbs: [
        { label: 'Contatos', path: '/app/contacts' },
        { label: 'Carteiras', path: '/app/contacts/wallets' },
      ],
    },
    {
      pathname: '/app/settings/employees/settings',
      crumbs: [
        { label: 'Configurações', path: '/app/settings' },
        { label: 'Funcionários', path: '/app/settings/employees' },
        { label: 'Criar funcionário', path: '/app/settings/employees/settings' },
      ],
    },
    {
      pathname: '/app/campaign/65a1b2c3d4e5f60718293a4b',
      crumbs: [{ label: 'Campanhas', path: '/app/campaign' }],
    },
    {
      pathname: '/app/v2/automation/knowledge-base/list',
      crumbs: [
        { label: 'Automação', path: '/app/v2/automation' },
        { label: 'Bases de conhecimento', path: '/app/v2/automation/knowledge-base' },
      ],
    },
    { pathname: '/', crumbs: [] },
  ])('$pathname', ({ pathname, crumbs }) => {
    expect(breadcrumb(pathname)).toEqual(crumbs);
  });
});
