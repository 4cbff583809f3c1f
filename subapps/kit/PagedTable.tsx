import { Table, type TableProps } from '@arco-design/web-react';
import type { PagedList } from './usePagedList';

export type PagedTableProps<T> = Omit<TableProps<T>, 'data' | 'loading' | 'pagination'> & {
  list: Pick<PagedList<T>, 'data' | 'loading' | 'page' | 'size' | 'changePage'>;
  /** Offers a choice of page size (off unless asked for). */
  sizeCanChange?: boolean;
};

/** One page of a paged list (`usePagedList`) as a table, with its pager and the total. */
export function PagedTable<T>({ list, sizeCanChange = false, rowKey = 'id', ...table }: PagedTableProps<T>) {
  return (
    <Table<T>
      rowKey={rowKey}
      {...table}
      data={list.data.records}
      loading={list.loading}
      pagination={{
        current: list.page,
        pageSize: list.size,
        total: list.data.total,
        showTotal: true,
        sizeCanChange,
        onChange: list.changePage,
      }}
    />
  );
}
