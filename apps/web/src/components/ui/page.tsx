import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface PageProps {
  title: ReactNode;
  children: ReactNode;
  /** Header buttons on the right (filter, records, add ...). */
  right?: ReactNode;
  /** Tab pages have no back arrow. */
  noBack?: boolean;
  className?: string;
}

/** The frame of every page: a header with back and title, and the scrolling body. */
export function Page({ title, children, right, noBack, className }: PageProps) {
  const navigate = useNavigate();
  const back = () => {
    if (window.history.length > 1) navigate(-1);
    else navigate('/pages/home/home/index', { replace: true });
  };
  return (
    <div className={`page ${className ?? ''}`}>
      <NavBar className="page-nav" back={noBack ? null : ''} onBack={back} right={right}>
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
