import type { ComponentProps } from 'react';
import { Admonition } from './admonition';
import { ApiEndpoint } from './api-endpoint';
import { Card, CardGrid } from './cards';
import { ClientMethodTable } from './client-method-table';
import { CodeBlock } from './code-block';
import { MdxLink } from './mdx-link';
import { Tab, Tabs } from './tabs.client';
import { TableScroll } from '@/components/ui/table-scroll';

function Table(props: ComponentProps<'table'>) {
  return (
    <TableScroll>
      <table {...props} />
    </TableScroll>
  );
}

/** The components MDX pages can use, and the overrides of plain Markdown elements. */
export const mdxComponents = {
  a: MdxLink,
  pre: CodeBlock,
  table: Table,
  Admonition,
  ApiEndpoint,
  ClientMethodTable,
  Tabs,
  Tab,
  Card,
  CardGrid,
};
