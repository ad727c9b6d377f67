import { DEFAULT_PAGE_NUM, MOBILE_BREAKPOINT, PAGE_SIZES } from '@ccms/contracts/constants';
import { Pagination as AntPagination, InputNumber, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scrollTo } from './scroll-to';

/** 5 page buttons under 992 px wide, else 7 (spec section 2). */
export const pagerCount = (windowWidth: number) => (windowWidth < MOBILE_BREAKPOINT ? 5 : 7);

const SCROLL_MS = 800;

export interface PaginationProps {
  total: number;
  /** 1-based page. */
  page: number;
  limit: number;
  onChange: (page: number, limit: number) => void;
  pageSizes?: readonly number[];
  /** Scroll to the top after a change (800 ms animation); default true. */
  autoScroll?: boolean;
  /** Hide when there is nothing to page; default true. */
  hideOnEmpty?: boolean;
}

function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * Paging bar of spec section 2: layout total, sizes (10/20/30/50), previous, pager, next, jumper;
 * 5 pager buttons on narrow screens, 7 otherwise.
 * Usage: `<Pagination total={total} page={q.pageNum} limit={q.pageSize} onChange={(pageNum, pageSize) => setQ({ ...q, pageNum, pageSize })} />`
 */
export function Pagination({ total, page, limit, onChange, pageSizes = PAGE_SIZES, autoScroll = true, hideOnEmpty = true }: PaginationProps) {
  const { t } = useTranslation('shared');
  const width = useWindowWidth();
  const [jump, setJump] = useState<number | null>(null);
  if (hideOnEmpty && total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / limit));

  const change = (nextPage: number, nextLimit: number) => {
    // A new page size keeps the first row in view: its page may shrink.
    const lastPage = Math.max(1, Math.ceil(total / nextLimit));
    onChange(Math.min(Math.max(DEFAULT_PAGE_NUM, nextPage), lastPage), nextLimit);
    if (autoScroll) scrollTo(0, SCROLL_MS);
  };

  return (
    <nav className="ccms-pagination" aria-label="pagination">
      <span className="ccms-pagination-total">{t('pagination.total', { total })}</span>
      <Select
        className="ccms-pagination-sizes"
        value={limit}
        popupMatchSelectWidth={false}
        aria-label={t('pagination.perPage', { size: limit })}
        options={pageSizes.map((size) => ({ value: size, label: t('pagination.perPage', { size }) }))}
        onChange={(size) => change(page, size)}
      />
      <AntPagination
        current={page}
        pageSize={limit}
        total={total}
        showSizeChanger={false}
        showLessItems={pagerCount(width) === 5}
        onChange={(p) => change(p, limit)}
      />
      <span className="ccms-pagination-jumper">
        {t('pagination.goTo')}
        <InputNumber
          min={1}
          max={pages}
          controls={false}
          value={jump}
          aria-label={t('pagination.goTo')}
          onChange={(v) => setJump(typeof v === 'number' ? v : null)}
          onPressEnter={() => {
            if (jump) change(jump, limit);
            setJump(null);
          }}
          onBlur={() => {
            if (jump && jump !== page) change(jump, limit);
            setJump(null);
          }}
        />
        {t('pagination.page')}
      </span>
    </nav>
  );
}
