import { i18n } from '@/lib/i18n';

const zh = {
  title: '设置',
  appName: '拓客宝',
  language: '语言',
  languageTitle: '选择语言',
  zh: '简体中文',
  en: 'English',
  clearCache: '清除缓存',
  clearConfirm:
    '清除本机缓存的数据（已加载的列表与详情、系统配置、离线文件）？不会退出登录，购物车、语言和记住的账号保留。',
  cleared: '缓存已清除',
  aboutUs: '关于我们',
  question: '常见问题',
  version: '当前版本',
  checkUpdate: '检查更新',
  checking: '正在检查…',
  latest: '已是最新版本',
  upToDate: '已是最新版本（v{{v}}）',
  found: '发现新版本 v{{v}}',
  checkFailed: '检查更新失败，请稍后再试',
  checkFailedShort: '检查失败，点击重试',
  logout: '退出登录',
  logoutConfirm: '确定要退出登录吗？',
  servicePhone: '客服电话',
  workTime: '服务时间',
  workTimeValue: '工作日 9:00-18:00',
  website: '访问域名',
  aboutIntro:
    '拓客宝是为支付终端代理商打造的展业服务平台，集终端管理、商户拓展、政策开通、收益结算与团队管理于一体，让每一位伙伴都能轻松展业、及时到账。',
  copyright: '© 2026 拓客宝 版权所有',
  agreement: '用户服务协议',
  privacy: '隐私政策',
  faqTitle: '常见问题',
  call: '拨打',
};

type SettingsTexts = typeof zh;

const en: SettingsTexts = {
  title: 'Settings',
  appName: 'TuoKeBao',
  language: 'Language',
  languageTitle: 'Choose a language',
  zh: '简体中文',
  en: 'English',
  clearCache: 'Clear cache',
  clearConfirm:
    'Clear the data cached on this device (loaded lists and details, the system config, offline files)? You stay signed in; the cart, language and remembered account stay.',
  cleared: 'Cache cleared',
  aboutUs: 'About us',
  question: 'FAQ',
  version: 'Version',
  checkUpdate: 'Check for updates',
  checking: 'Checking…',
  latest: 'Up to date',
  upToDate: 'You have the latest version (v{{v}})',
  found: 'New version v{{v}}',
  checkFailed: 'The update check failed; try again later',
  checkFailedShort: 'Check failed; tap to retry',
  logout: 'Sign out',
  logoutConfirm: 'Sign out now?',
  servicePhone: 'Customer service',
  workTime: 'Hours',
  workTimeValue: 'Weekdays 9:00-18:00',
  website: 'Domain',
  aboutIntro:
    'TuoKeBao is the sales platform for payment-terminal agents: terminals, merchants, policies, earnings and teams in one app, so every partner can grow the business and get paid on time.',
  copyright: '© 2026 TuoKeBao. All rights reserved.',
  agreement: 'User Agreement',
  privacy: 'Privacy Policy',
  faqTitle: 'FAQ',
  call: 'Call',
};

i18n.addResourceBundle('zh', { settings: zh });
i18n.addResourceBundle('en', { settings: en });
