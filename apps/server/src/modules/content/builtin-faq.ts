import type { FaqEntry } from '@pos/core';

/**
 * The built-in FAQ: questions agents ask customer service most, with the answers that hold in
 * this app. Served until the platform publishes its own from the console.
 */

const zh: FaqEntry[] = [
  {
    q: '终端怎样才算激活？',
    a: [
      '终端绑定商户后，在政策规定的时间内（默认绑定后30天内）累计成功刷卡交易达到激活标准（默认1万元），即视为激活，终端状态变为“已激活”。',
      '激活时收取商户的服务费（押金），并按政策向各级代理发放激活奖励。可在“首页-激活查询”查看每台终端的进度。',
    ],
  },
  {
    q: '如何把终端划拨给下级代理？',
    a: [
      '进入“首页-终端操作”，选择“划拨”，按SN号逐台选择或输入起止SN号段，选择接收的下级代理后提交即可，划拨立即生效。',
      '只有未绑定商户的终端可以划拨；批量操作中只要有一台不符合条件，整批都不会执行，页面会提示是哪一台。',
    ],
  },
  {
    q: '回拨终端需要下级同意吗？',
    a: [
      '需要。发起回拨后，终端持有人可以在“回拨记录”中同意或拒绝；72小时内未处理的，系统自动通过。',
      '只能回拨自己团队内、且未绑定商户的终端。',
    ],
  },
  {
    q: '分润是怎么计算的？',
    a: [
      '每笔成功交易，您获得的分润 = 交易金额 ×（下级成本费率 − 您的成本费率）；直接服务商户的代理按（商户费率 − 自身成本费率）计算。',
      '每一笔收益都能在“我的钱包-账户明细”中查看交易金额、费率差和所依据的政策版本。',
    ],
  },
  {
    q: '收益多久到账？',
    a: [
      '交易分润在交易成功后自动结算并计入钱包；激活奖励在终端激活时发放；达标奖励在每月考核完成后发放。',
      '若交易发生退款或撤销，对应收益会按原比例冲回。',
    ],
  },
  {
    q: '提现有什么条件？手续费是多少？',
    a: [
      '提现前需完成实名认证、绑定本人名下的结算银行卡并设置支付密码。',
      '单笔提现不低于10元，金额最多两位小数；每笔收取3元手续费，并按规定代扣6%的税费，到账金额以提现页面显示为准。',
    ],
  },
  {
    q: '提现一般多久到账？',
    a: [
      '工作日提交的提现一般在1-2个工作日内到账；节假日顺延至节后首个工作日处理。',
      '可在“提现记录”中查看每笔提现的审核与打款状态，如被驳回会显示原因。',
    ],
  },
  {
    q: '商户费率可以随时修改吗？',
    a: [
      '可以在政策允许的范围内修改，但不能低于您自己的成本费率，同一商户的同一种费率每个自然月只能修改一次。',
      '修改提交后会发送给收单机构处理，状态依次为“申请中、处理中、已完成”，失败时会显示原因。',
    ],
  },
  {
    q: '怎样邀请下级代理？',
    a: [
      '在“首页-邀请伙伴”分享您的邀请码、链接或二维码，对方注册时填写邀请码即成为您的直属下级；也可以在“添加代理”中直接为其开户。',
      '新下级默认没有政策，需要您在“开通政策”中为其开通后才能展业。',
    ],
  },
  {
    q: '忘记登录密码怎么办？',
    a: [
      '在登录页点击“忘记密码”，通过注册手机号接收验证码即可重置。重置后所有设备上的登录都会失效，需要重新登录。',
      '连续输错密码5次，账号会被锁定15分钟。',
    ],
  },
  {
    q: '为什么看不到某些商户或终端的数据？',
    a: [
      '每位代理只能查看自己及下级团队的数据，其他团队的数据对您不可见，这是为了保护每一位伙伴的商业信息。',
    ],
  },
];

const en: FaqEntry[] = [
  {
    q: 'When is a terminal activated?',
    a: [
      'After it is bound to a merchant, a terminal is activated once its successful card volume reaches the policy threshold (by default 10,000 yuan within 30 days of binding).',
      "The merchant's service fee (deposit) is collected then and activation rewards go to the agents. Track each terminal under Home > Activation.",
    ],
  },
  {
    q: 'How do I allocate terminals to a sub-agent?',
    a: [
      'Open Home > Operate, choose Allocate, pick terminals by SN or enter an SN range, choose the sub-agent and submit. It takes effect at once.',
      'Only unbound terminals can be allocated; if one terminal in a batch is not eligible, nothing is done and the page names it.',
    ],
  },
  {
    q: 'Does a recall need the sub-agent to agree?',
    a: [
      'Yes. The holder accepts or rejects it under Recalls; without an answer in 72 hours it passes automatically.',
      'Only unbound terminals within your own team can be recalled.',
    ],
  },
  {
    q: 'How are profit shares computed?',
    a: [
      "For each successful transaction you earn amount x (your sub-agent's cost rate - your cost rate); the agent serving the merchant earns amount x (merchant rate - its cost rate).",
      'Every entry in Wallet > Details shows the amount, the rate difference and the policy version used.',
    ],
  },
  {
    q: 'When do earnings arrive?',
    a: [
      'Profit shares are credited as transactions succeed; activation rewards when a terminal activates; standard rewards after the monthly check.',
      'Refunded or reversed transactions reverse the related earnings at the original rates.',
    ],
  },
  {
    q: 'What do I need to withdraw, and what does it cost?',
    a: [
      'Real-name verification, a settlement bank card in your own name and a pay password.',
      'The minimum is 10 yuan with at most two decimals; each withdrawal costs 3 yuan and 6% tax is withheld. The withdrawal page shows the exact amount you receive.',
    ],
  },
  {
    q: 'How long does a withdrawal take?',
    a: [
      'Usually 1-2 working days; requests during holidays are handled on the next working day.',
      'Withdrawal records show the review and payment status, and the reason if one is rejected.',
    ],
  },
  {
    q: "Can I change a merchant's rate at any time?",
    a: [
      'Within the range the policy allows and never below your own cost; each rate type of a merchant can be changed once per calendar month.',
      'Changes go to the acquirer and move through Applying, Processing and Done; a failure shows the reason.',
    ],
  },
  {
    q: 'How do I invite sub-agents?',
    a: [
      'Share your invite code, link or QR code from Home > Invite; whoever registers with it joins your team. You can also open an account for them under Add agent.',
      'A new sub-agent has no policy until you open one for it.',
    ],
  },
  {
    q: 'I forgot my password. What now?',
    a: [
      'Tap "Forgot password?" on the sign-in page and reset it with an SMS code. Every device is then signed out.',
      'Five wrong passwords in a row lock the account for 15 minutes.',
    ],
  },
  {
    q: "Why can't I see some merchants or terminals?",
    a: ["Each agent sees only its own and its team's data; other teams' data stays private."],
  },
];

export const BUILTIN_FAQ = { zh, en } as const;
