import { i18n } from '@/lib/i18n';

const zh = {
  title: '消息中心',
  detail: '消息详情',
  empty: '暂无消息',
  important: '重要',
  unread: '未读',
  expires: '有效期至 {{at}}',
  missing: '消息不存在或已过期',
  popupOk: '我知道了',
  popupView: '查看详情',
  open: '前往查看',
  entry: '消息中心',
  push: '消息推送',
  pushChecking: '正在检查本机的推送状态…',
  pushOn: '新消息会推送到本机',
  pushOff: '开启后，新消息会推送到本机',
  pushUnsupported: '此浏览器不支持推送通知',
  pushNoWorker: '应用的后台组件未运行，请刷新页面后再试',
  pushOffServer: '平台未开通消息推送',
  pushDenied: '通知权限已被拒绝，请在浏览器或系统设置中允许本应用通知',
  pushSimulated: '演示环境：推送由模拟推送服务记录，不会送达手机',
  pushFailed: '操作未成功，请稍后再试',
};

const en: typeof zh = {
  title: 'Messages',
  detail: 'Message',
  empty: 'No messages',
  important: 'Important',
  unread: 'Unread',
  expires: 'Shown until {{at}}',
  missing: 'This message does not exist or has expired',
  popupOk: 'Got it',
  popupView: 'View',
  open: 'Go to it',
  entry: 'Messages',
  push: 'Push notifications',
  pushChecking: 'Checking this device…',
  pushOn: 'New messages are pushed to this device',
  pushOff: 'Turn on to get new messages on this device',
  pushUnsupported: 'This browser does not support push notifications',
  pushNoWorker: "The app's background worker is not running; reload the page and try again",
  pushOffServer: 'Push notifications are not offered by the platform',
  pushDenied:
    'Notifications are blocked: allow them for this app in the browser or system settings',
  pushSimulated: 'Demo: pushes go to a simulated push service and reach no phone',
  pushFailed: 'That did not work; please try again later',
};

i18n.addResourceBundle('zh', { message: zh });
i18n.addResourceBundle('en', { message: en });
