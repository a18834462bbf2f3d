import {
  AGENT_LEVEL_PARAM,
  APP_CLEAR_VERSION,
  APP_VERSION,
  DEFAULT_ACTIVATION_THRESHOLD_FEN,
  DEFAULT_ACTIVATION_WINDOW_DAYS,
  type AppConfig,
} from '@pos/core';
import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { appConfigs, appVersions, banners, notices, systemParams } from './schema';

/** The activation rule the settlement engine applies, in the words the demo content uses. */
const ACTIVATION_YUAN = DEFAULT_ACTIVATION_THRESHOLD_FEN / 100;

const SERVICE_PHONE = '400-820-8899';
const DAY_MS = 86400000;

const PARAMS = [
  {
    key: AGENT_LEVEL_PARAM,
    name: '代理等级',
    value: JSON.stringify([1, 2, 3, 4, 5].map((level) => ({ level, name: `V${level}` }))),
    public: true,
  },
  { key: 'sys.app.version', name: 'App当前版本', value: APP_VERSION, public: true },
  { key: 'sys.service.phone', name: '客服电话', value: SERVICE_PHONE, public: true },
];

const DEFAULT_CONFIG: Omit<AppConfig, 'domain'> = {
  appName: '拓客宝',
  serverVersion: APP_VERSION,
  clearVersion: APP_CLEAR_VERSION,
  servicePhone: SERVICE_PHONE,
  androidUrl: `/downloads/pos-agent-${APP_VERSION}.apk`,
  // No store listing exists; the app's own page explains how to install on iOS.
  iosUrl: '/pages/home/invitation/downIos',
  sharePoster: { isShow: true, imageUrl: '/static/share-poster.svg' },
};

const VERSIONS = [
  {
    platform: 'h5',
    version: '1.1.2',
    title: '拓客宝 1.1.2',
    contents: '1. 首页新增公告与轮播图\n2. 优化登录与找回密码流程\n3. 修复已知问题',
    isMandatory: false,
    url: '/',
    type: 'wgt',
  },
  {
    platform: 'android',
    version: '1.1.2',
    title: '拓客宝 1.1.2',
    contents: '1. 首页新增公告与轮播图\n2. 优化登录与找回密码流程\n3. 修复已知问题',
    isMandatory: false,
    url: '/downloads/pos-agent-1.1.2.apk',
    type: 'apk',
  },
  {
    platform: 'android',
    version: '1.1.3',
    title: '拓客宝 1.1.3',
    contents: '1. 终端划拨支持批量选择\n2. 收益明细加载更快\n3. 修复部分机型下拉刷新失效的问题',
    isMandatory: false,
    url: '/downloads/pos-agent-1.1.3.apk',
    type: 'apk',
  },
  {
    platform: 'ios',
    version: '1.1.2',
    title: '拓客宝 1.1.2',
    contents: '1. 首页新增公告与轮播图\n2. 优化登录与找回密码流程\n3. 修复已知问题',
    isMandatory: false,
    url: '/pages/home/invitation/downIos',
    type: 'ipa',
  },
];

const BANNERS = [
  {
    title: '新机上市 激活返现',
    imageUrl: '/static/banners/banner-1.svg',
    bannerType: 1,
    isShow: true,
    sort: 1,
    content: `活动期间，名下新终端首次绑定商户并在${DEFAULT_ACTIVATION_WINDOW_DAYS}天内累计刷卡交易满${ACTIVATION_YUAN}元（扫码交易不计入），即视为激活，可获得激活返现。返现在激活后实时发放至钱包，可在“我的钱包”中查看明细。`,
  },
  {
    title: '推荐伙伴 共享收益',
    imageUrl: '/static/banners/banner-2.svg',
    bannerType: 1,
    isShow: true,
    sort: 2,
    content:
      '在“邀请伙伴”页面分享您的专属邀请码或二维码，伙伴注册后自动成为您的下级代理。下级产生的交易分润按政策逐级结算，团队越大收益越稳。',
  },
  {
    title: '春节期间结算安排',
    imageUrl: '/static/banners/banner-3.svg',
    bannerType: 1,
    isShow: false,
    sort: 3,
    content:
      '春节假期期间提现顺延至节后首个工作日处理，交易与分润正常结算，请各位伙伴合理安排资金。',
  },
  {
    title: '物料商城 限时包邮',
    imageUrl: '/static/banners/banner-3.svg',
    bannerType: 2,
    isShow: true,
    sort: 1,
    content: '商城内展业物料（易拉宝、桌贴、流量卡）本月下单全场包邮，支持积分与货款余额抵扣。',
  },
];

const NOTICES: { title: string; content: string }[] = [
  {
    title: '关于系统升级维护的通知',
    content:
      '为提升服务质量，平台将于本周六凌晨00:00至04:00进行系统升级。维护期间App将暂停登录、提现及终端操作，交易数据不受影响，升级完成后自动恢复。给您带来的不便敬请谅解。',
  },
  {
    title: '1.1.2版本更新说明',
    content:
      '新版本上线：首页新增公告与轮播图；忘记密码支持短信验证码找回；“记住密码”改为设备凭证方式保存，不再在手机上保存明文密码。请各位伙伴及时更新。',
  },
  {
    title: '提现到账时间调整公告',
    content:
      '自下月1日起，工作日15:00前提交的提现申请当日审核，预计1-2个工作日到账；15:00后提交的顺延至下一工作日审核。节假日顺延。',
  },
  {
    title: '关于规范商户入网资料的提醒',
    content:
      '近期发现个别商户入网资料与实际经营不符。请各位代理在协助商户入网时，确保营业执照、法人身份证及经营场所照片真实有效，资料不实的商户将被暂停交易。',
  },
  {
    title: '终端激活考核标准说明',
    content: `新绑定终端自绑定之日起${DEFAULT_ACTIVATION_WINDOW_DAYS}天内累计刷卡交易满${ACTIVATION_YUAN}元视为激活（扫码交易不计入），激活时收取终端所选档位的服务费。激活结果可在“激活查询”中查看，月度达标考核结果可在“达标查询”中查看。`,
  },
  {
    title: '防范电信诈骗安全提示',
    content:
      '平台工作人员不会以任何理由索要您的登录密码、支付密码或短信验证码。如接到自称平台客服要求转账的电话，请立即挂断并拨打客服电话核实。',
  },
  {
    title: '分润结算规则说明',
    content:
      '交易分润实时结算：交易成功后数秒内记入钱包，并在“收益明细”中展示。分润金额按费率差计算，精确到分，不足一分的部分不计入。如对分润有疑问，可在收益详情页查看计算明细。',
  },
  {
    title: '国庆假期客服时间安排',
    content:
      '国庆假期期间，在线客服服务时间调整为每日09:00至18:00，客服电话正常接听。提现审核顺延至节后首个工作日。',
  },
  {
    title: '新增云闪付交易类型',
    content:
      '即日起，商户使用云闪付App付款的交易单独统计为“云闪付”类型，费率与分润按对应政策执行，历史数据不受影响。',
  },
  {
    title: '关于终端回拨流程优化的通知',
    content:
      '终端回拨申请提交后，下级代理可在3日内确认或驳回，逾期未处理的申请将自动通过。回拨记录可在“回拨记录”页面查看。',
  },
  {
    title: '实名认证升级公告',
    content:
      '为保障资金安全，提现前需完成实名认证并上传身份证正反面照片。已认证的伙伴无需重复操作。',
  },
  {
    title: '拓客宝正式上线',
    content:
      '拓客宝代理展业平台正式上线！终端管理、商户管理、收益查询、团队管理一站完成。欢迎各位伙伴使用，如有问题请联系客服。',
  },
];

/**
 * The content the app shell shows: system parameters, the default app config, app versions,
 * banners and notices. Each row is keyed on something it can find again, so running this twice
 * (or on a database an operator has since edited) adds nothing and changes nothing.
 */
export async function seedFoundationContent(db: Db, now = new Date()) {
  await db.insert(systemParams).values(PARAMS).onConflictDoNothing();
  await db
    .insert(appConfigs)
    .values({ domain: 'default', config: DEFAULT_CONFIG })
    .onConflictDoNothing();

  for (const v of VERSIONS) {
    const [found] = await db
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(and(eq(appVersions.platform, v.platform), eq(appVersions.version, v.version)))
      .limit(1);
    if (!found) await db.insert(appVersions).values(v);
  }

  for (const b of BANNERS) {
    const [found] = await db
      .select({ id: banners.id })
      .from(banners)
      .where(and(eq(banners.title, b.title), eq(banners.bannerType, b.bannerType)))
      .limit(1);
    if (!found) await db.insert(banners).values(b);
  }

  // The first notice is the newest; the rest go back three days apart.
  for (const [i, n] of NOTICES.entries()) {
    const [found] = await db
      .select({ id: notices.id })
      .from(notices)
      .where(eq(notices.title, n.title))
      .limit(1);
    if (!found) {
      await db
        .insert(notices)
        .values({ ...n, publishedAt: new Date(now.getTime() - (i * 3 + 1) * DAY_MS) });
    }
  }
}
