import { PageContainer, ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { App as AntApp, Button, ConfigProvider, Result, Spin } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { Suspense, lazy, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { I18nProvider, useI18n } from '@/lib/i18n';
import { operatorHeader } from '@/lib/operator-header';
import { AuthProvider, useAuth } from './auth';
import { CONSOLE_ROUTES, GROUP_ICONS } from './routes';

const LoginPage = lazy(() => import('@/features/auth/pages/login-page'));
const loading = <Spin style={{ display: 'block', margin: '80px auto' }} />;

export function App() {
  return (
    <I18nProvider>
      <Themed />
    </I18nProvider>
  );
}

/** A field that does not match its pattern says so in words, never by showing the pattern. */
const PATTERN_MISMATCH = { zh: '${label}格式不正确', en: '${label} is not in the right format' };

function Themed() {
  const { lang } = useI18n();
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      form={{ validateMessages: { pattern: { mismatch: PATTERN_MISMATCH[lang] } } }}
    >
      <AntApp>
        <AuthProvider>
          <BrowserRouter basename="/admin">
            <Suspense fallback={loading}>
              <Routes>
                <Route path="/login" element={<LoginPage />} />
                <Route path="/*" element={<Shell />} />
              </Routes>
            </Suspense>
          </BrowserRouter>
        </AuthProvider>
      </AntApp>
    </ConfigProvider>
  );
}

/** The signed-in frame: a menu of the pages the role may open, the page, language and sign-out. */
function Shell() {
  const auth = useAuth();
  const { t, L, lang, setLang } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  // The menu folds to icons on narrow screens (1024) and by its button at the foot of the menu.
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 1200);
  if (auth.loading) return loading;
  if (!auth.me) return <Navigate to="/login" replace />;
  const allowed = CONSOLE_ROUTES.filter(
    (r) => auth.can(r.permission) && (!r.when || r.when(auth.me!)),
  );
  const menu: MenuDataItem[] = [];
  for (const r of allowed) {
    const item = { path: r.path, name: t(r.label), icon: r.icon };
    if (!r.group) {
      menu.push(item);
      continue;
    }
    const groupPath = `/${r.path.split('/')[1]}`;
    let group = menu.find((m) => m.path === groupPath);
    if (!group)
      menu.push(
        (group = { path: groupPath, name: t(r.group), icon: GROUP_ICONS[r.group], children: [] }),
      );
    group.children!.push(item);
  }
  return (
    <ProLayout
      title={t('appTitle')}
      logo={false}
      layout="mix"
      collapsed={collapsed}
      onCollapse={setCollapsed}
      breakpoint="xl"
      location={{ pathname: location.pathname }}
      route={{ path: '/', routes: menu }}
      menuItemRender={(item, dom) => (
        <a onClick={() => item.path && navigate(item.path)} data-testid={`menu-${item.path}`}>
          {dom}
        </a>
      )}
      actionsRender={() => [
        <span key="who" data-testid="header-operator">
          {operatorHeader(auth.me!.operator.name, auth.me!.operator.role, lang)}
        </span>,
        <Button key="lang" type="link" onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
          {t('language')}
        </Button>,
        <Button key="out" type="link" onClick={() => void auth.signOut()}>
          {t('logout')}
        </Button>,
      ]}
    >
      <Suspense fallback={loading}>
        <Routes>
          {allowed.map((r) => (
            <Route
              key={r.path}
              path={r.path}
              element={
                // Every page has its title and where it sits (home, group, page) above it.
                <PageContainer
                  title={<span data-testid="page-title">{t(r.label)}</span>}
                  breadcrumb={{
                    items: [
                      { title: <a onClick={() => navigate('/')}>{t('appTitle')}</a> },
                      ...(r.group ? [{ title: t(r.group) }] : []),
                      { title: t(r.label) },
                    ],
                  }}
                >
                  <r.page />
                </PageContainer>
              }
            />
          ))}
          <Route path="/" element={<Navigate to={allowed[0]?.path ?? '/dashboard'} replace />} />
          <Route
            path="*"
            element={
              <Result
                status="403"
                title="403"
                subTitle={t('noPermission')}
                extra={
                  <Button type="primary" onClick={() => navigate('/')} data-testid="go-home">
                    {L('返回首页')}
                  </Button>
                }
              />
            }
          />
        </Routes>
      </Suspense>
    </ProLayout>
  );
}
