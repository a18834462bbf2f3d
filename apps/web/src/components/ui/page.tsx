import { TAB_PATHS } from '@pos/core';
import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from '@/lib/router';

interface PageProps {
  title: ReactNode;
  children: ReactNode;
  /** Header buttons on the right (filter, records, add ...). */
  right?: ReactNode;
  /** Tab pages (and pages that must not be left) have no back arrow. */
  noBack?: boolean;
  /** Where the back arrow goes when the page was opened directly (no history); home by default. */
  backTo?: string;
  className?: string;
  /** Tab pages that draw their own header leave the bar out. */
  hideNavBar?: boolean;
}

/** The frame of every page: a header with back and title, and the scrolling body. */
export function Page({ title, children, right, noBack, backTo, className, hideNavBar }: PageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => {
    // The router marks the first entry of this visit's history with the key 'default'.
    if (location.key !== 'default' && window.history.length > 1) navigate(-1);
    else navigate(backTo ?? TAB_PATHS.home, { replace: true });
  };
  return (
    <div className={`page ${className ?? ''}`}>
      {!hideNavBar && (
        <NavBar className="page-nav" back={noBack ? null : ''} onBack={back} right={right}>
          {title}
        </NavBar>
      )}
      <main className="page-body">{children}</main>
    </div>
  );
}
