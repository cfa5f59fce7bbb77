import type { TableColumnsType } from 'antd';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cardFields } from './card-fields.ts';
import { RowCards } from './row-cards.tsx';

interface Employee {
  _id: string;
  name: string;
  address: { city: string };
  role: string;
}

const columns: TableColumnsType<Employee> = [
  { key: 'name', dataIndex: 'name', title: 'Nome' },
  { title: 'Endereço', children: [{ key: 'city', dataIndex: ['address', 'city'], title: 'Cidade' }] },
  {
    key: 'role',
    dataIndex: 'role',
    title: 'Perfil',
    render: (role: string) => createElement('b', null, role),
  },
  { key: 'secret', dataIndex: '_id', title: 'Id', hidden: true },
  { key: 'actions', render: (_, row) => createElement('button', null, `Editar ${row.name}`) },
];

const rows: Employee[] = [
  { _id: 'a', name: 'Ana', address: { city: 'Fortaleza' }, role: 'Gestor' },
  { _id: 'b', name: 'Bruno', address: { city: 'Recife' }, role: 'Operador' },
  { _id: 'c', name: 'Carla', address: { city: 'Natal' }, role: 'Operador' },
];

describe('a table row as a card', () => {
  it('pairs each visible column title with what its cell renders, actions without a label', () => {
    const fields = cardFields(columns, rows[0]!, 0);
    expect(fields.map((field) => field.label)).toEqual(['Nome', 'Cidade', 'Perfil', null]);
    expect(fields[0]?.value).toBe('Ana');
    expect(fields[1]?.value).toBe('Fortaleza');
    expect(renderToStaticMarkup(fields[2]?.value)).toBe('<b>Gestor</b>');
    expect(renderToStaticMarkup(fields[3]?.value)).toBe('<button>Editar Ana</button>');
  });

  it('renders one card per row on the page, with the row props the table would get', () => {
    const html = renderToStaticMarkup(
      createElement(RowCards<Employee>, {
        columns,
        dataSource: rows,
        rowKey: '_id',
        pagination: { pageSize: 2 },
        onRow: (row) => ({ 'data-testid': 'employee-row', 'data-name': row.name }) as object,
        testId: 'employees',
      }),
    );
    expect(html).toContain('data-testid="employees"');
    expect(html.match(/data-testid="employee-row"/g)).toHaveLength(2);
    expect(html).toContain('<dt style="color:');
    expect(html).toMatch(/<dt[^>]*>Cidade<\/dt><dd[^>]*>Recife<\/dd>/);
    expect(html).not.toContain('Carla');
    expect(html).toContain('ant-pagination');
  });

  it('shows the empty text when there are no rows', () => {
    const html = renderToStaticMarkup(
      createElement(RowCards<Employee>, {
        columns,
        dataSource: [],
        locale: { emptyText: 'Nenhum funcionário' },
      }),
    );
    expect(html).toContain('Nenhum funcionário');
    expect(html).not.toContain('<li');
  });
});
