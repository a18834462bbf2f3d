/** Business constants of spec section 9. Units go last in names. */
export const APP_VERSION = '1.1.2';
/** The app version below which a locally cached build is considered stale (spec: local app clear-version). */
export const APP_CLEAR_VERSION = '1.0.1';
export const API_BASE_PATH = '/prod-api';
/** Scan-related calls use the merchant token in this header. */
export const MERCHANT_TOKEN_HEADER = 'token';
export const SCAN_PATH_MARKER = '/app/api/scan';

export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 60_000;
export const LAZY_LOADING_DELAY_MS = 200;
export const LOADING_TEXT_DELAY_MS = 800;
export const LOADING_HIDE_DELAY_MS = 300;
export const TOAST_DURATION_MS = 2000;
export const DEBOUNCE_MS = 500;
export const RELATIVE_TIME_JUST_NOW_S = 300;
export const RELATIVE_TIME_MAX_DAYS = 30;
export const DEFAULT_DATE_FORMAT = 'yyyy-mm-dd';
export const SMS_CODE_LENGTH = 6;
export const PHONE_LENGTH = 11;
/**
 * The name every party-name field (holder, from/to of an operation, opener of a policy) carries
 * when the party is the platform itself; clients show it in their own language.
 */
export const PLATFORM_PARTY_NAME = '平台';

/** Stored keys on the device, exactly as spec section 3 names them. */
export const STORAGE_KEYS = {
  user: 'user',
  userInfo: 'userInfo',
  userAdminInfo: 'userAdminInfo',
  policyList: 'policyList',
  token: 'token',
  tokenMerch: 'tokenMerch',
  rememberPasswordUser: 'rememberPasswordUser',
  systemConfig: 'systemConfig',
  isSpecificAccount: 'isSpecificAccount',
  appVersion: 'appVersion',
  lang: 'lang',
} as const;

/** System parameter holding the JSON list of agent levels. */
export const AGENT_LEVEL_PARAM = 'agent_common_level';

/** Spec section 8 messages shown by the client. */
export const MESSAGES = {
  loginExpired: '登录状态已过期，即将跳转登录！',
  loginExpiredEn: 'Login expired! Going to login now!',
  network: '服务器维护中，请稍后再试',
  networkEn: 'Server is under maintenance, please try again later',
  system: '系统错误',
  systemEn: 'system error',
  copySuccess: '复制成功!',
  appOnly: '请在App中使用',
  updateFailed: '更新失败',
  restartAfterInstall: '安装成功是否重启？',
  downloading: '后台下载中……',
} as const;
