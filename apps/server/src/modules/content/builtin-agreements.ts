import type { AgreementDoc } from '@pos/core';

/**
 * The built-in user agreement and privacy policy, in Chinese and English. Served until the
 * platform publishes its own from the console.
 */

const agreementZh: AgreementDoc = {
  title: '拓客宝用户服务协议',
  updated: '更新日期：2026年10月1日　生效日期：2026年10月1日',
  intro:
    '欢迎使用拓客宝！本协议是您（以下称“代理商”或“您”）与拓客宝平台运营方（以下称“平台”或“我们”）之间就使用拓客宝App及相关服务所订立的协议。请您在注册或登录前仔细阅读本协议，特别是以加粗或下划线方式提示的免除或限制责任条款。您点击同意、注册或登录即表示您已充分理解并接受本协议的全部内容。',
  sections: [
    {
      heading: '一、服务内容',
      paragraphs: [
        '1.1 拓客宝是面向支付终端代理商的展业服务工具，为您提供终端库存管理、终端划拨与回拨、商户绑定、产品政策开通、费率与服务费调整、收益查询、钱包提现、团队与下级代理管理、数据统计等功能。',
        '1.2 平台根据业务发展可能调整、增加或下线部分功能，相关变化将通过App公告、版本更新说明等方式告知您。',
      ],
    },
    {
      heading: '二、账号注册与使用',
      paragraphs: [
        '2.1 您应使用本人实名登记的手机号码注册，并通过上级代理的邀请码加入其团队。注册成功后，您与上级代理之间形成业务上的上下级关系。',
        '2.2 账号仅限您本人使用，不得出借、转让或出售。您应妥善保管登录密码、支付密码及短信验证码；因您保管不善造成的损失由您自行承担。',
        '2.3 “记住密码”功能仅在本设备保存一次性登录凭证，不保存您的明文密码。在公共或他人设备上请勿勾选该选项。',
        '2.4 如发现账号被盗用或存在安全漏洞，请立即修改密码并联系客服，平台将协助您处理。',
      ],
    },
    {
      heading: '三、代理商的权利与义务',
      paragraphs: [
        '3.1 您有权在平台授权范围内查看和管理本人及下级团队的终端、商户、交易与收益数据，但不得查看或干预其他团队的数据。',
        '3.2 您应如实向商户说明终端的费率、服务费、通讯费及激活规则，不得虚假宣传、违规承诺收益或诱导商户进行套现、虚假交易等违法违规行为。',
        '3.3 您应遵守《中华人民共和国反洗钱法》《非银行支付机构监督管理条例》等法律法规以及收单机构的业务规则，协助做好商户实名认证与风险管控。',
        '3.4 您为下级代理开通政策时，下级的成本不得低于您自身的成本，奖励不得高于您自身可获得的奖励。',
      ],
    },
    {
      heading: '四、收益结算与提现',
      paragraphs: [
        '4.1 您的分润、激活奖励、达标奖励及服务费、通讯费分成，按照您已开通的产品政策自动计算并计入钱包，每一笔收益均可在App中查看明细与计算依据。',
        '4.2 提现需完成实名认证、绑定本人名下的结算银行卡并设置支付密码。单笔提现金额不低于10元，平台按公示标准收取提现手续费并依法代扣代缴相关税费。',
        '4.3 若交易发生退款、撤销或被认定为风险交易，平台有权按原结算比例冲回相应收益。',
      ],
    },
    {
      heading: '五、禁止行为',
      paragraphs: [
        '5.1 不得利用本服务从事洗钱、套现、赌博、诈骗等违法犯罪活动；',
        '5.2 不得以技术手段干扰平台正常运行，包括但不限于批量注册、恶意请求、破解或反向工程；',
        '5.3 不得冒用他人身份信息进行注册、实名认证或绑定银行卡。',
        '违反上述约定的，平台有权视情节采取警告、限制功能、冻结收益、终止服务等措施，并配合有关机关依法处理。',
      ],
    },
    {
      heading: '六、责任限制',
      paragraphs: [
        '6.1 因不可抗力、网络运营商故障、收单机构系统维护等非平台原因导致的服务中断，平台不承担责任，但会尽力及时恢复并告知您。',
        '6.2 平台将尽合理努力保障数据准确，如因系统故障造成数据错误，平台将依据原始交易记录予以更正。',
      ],
    },
    {
      heading: '七、协议的变更与终止',
      paragraphs: [
        '7.1 平台可根据法律法规变化及业务需要修订本协议，修订后的协议将在App内公布，您继续使用服务即视为接受修订内容。',
        '7.2 您可以联系客服申请注销账号。注销前请确保钱包余额已全部提现、名下终端已完成交接。',
      ],
    },
    {
      heading: '八、法律适用与争议解决',
      paragraphs: [
        '本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商解决；协商不成的，任何一方均可向平台运营方所在地有管辖权的人民法院提起诉讼。',
      ],
    },
  ],
};

const privacyZh: AgreementDoc = {
  title: '拓客宝隐私政策',
  updated: '更新日期：2026年10月1日　生效日期：2026年10月1日',
  intro:
    '我们深知个人信息对您的重要性，并会尽全力保护您的个人信息安全。本政策说明我们如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。',
  sections: [
    {
      heading: '一、我们收集的信息',
      paragraphs: [
        '1.1 注册与登录：手机号码、登录密码（仅保存不可逆的加密摘要）、短信验证码、邀请码及您选填的姓名。',
        '1.2 实名认证与提现：姓名、身份证号码及证件照片、结算银行卡号及开户行信息。证件号码与卡号在App中仅以脱敏形式展示。',
        '1.3 展业数据：您名下终端的序列号、绑定商户信息、交易流水、收益与提现记录。',
        '1.4 设备信息：设备型号、操作系统版本、App版本号，用于版本更新提示与故障排查。扫码功能需要使用相机权限，仅在您主动使用时调用。',
      ],
    },
    {
      heading: '二、我们如何使用信息',
      paragraphs: [
        '2.1 提供账号登录、身份核验和安全防护（如登录失败次数限制、异地登录提醒）；',
        '2.2 计算和发放分润与奖励，处理提现申请，依法履行税费代扣代缴义务；',
        '2.3 向您推送系统公告、版本更新和业务通知；',
        '2.4 履行反洗钱、反欺诈等法定义务。',
      ],
    },
    {
      heading: '三、信息的共享与披露',
      paragraphs: [
        '3.1 为完成终端绑定、费率调整和交易结算，我们会向合作的持牌收单机构提供必要的终端与商户信息；',
        '3.2 为完成提现，我们会向银行或支付通道提供收款人姓名与银行卡号；',
        '3.3 您的上级代理可以查看您的姓名（脱敏）、手机号（脱敏）、业绩汇总等团队管理所需信息；',
        '3.4 除上述情形及法律法规要求外，我们不会向任何第三方出售或提供您的个人信息。',
      ],
    },
    {
      heading: '四、信息的存储与保护',
      paragraphs: [
        '4.1 您的个人信息存储于中华人民共和国境内的服务器，存储期限为实现业务目的所必需的最短期限，法律法规另有规定的除外。',
        '4.2 我们采用传输加密、密码加盐摘要、访问权限控制、操作日志审计等措施保护您的信息。本设备仅保存登录令牌等必要数据，退出登录后即被清除。',
      ],
    },
    {
      heading: '五、您的权利',
      paragraphs: [
        '5.1 您可以在“我的-基本信息”中查看个人资料，在“修改密码”中更改登录密码；',
        '5.2 您可以联系客服更正错误信息、申请注销账号或撤回授权；',
        '5.3 我们将在15个工作日内答复您的请求。',
      ],
    },
    {
      heading: '六、未成年人保护',
      paragraphs: ['本服务面向年满18周岁的成年人，我们不会主动收集未成年人的个人信息。'],
    },
    {
      heading: '七、联系我们',
      paragraphs: [
        '如您对本政策有任何疑问、意见或投诉，可通过“设置-关于我们”中公布的客服电话与我们联系。',
      ],
    },
  ],
};

const agreementEn: AgreementDoc = {
  title: 'TuoKeBao User Service Agreement',
  updated: 'Updated 1 October 2026 · Effective 1 October 2026',
  intro:
    'Welcome to TuoKeBao. This agreement is between you (the "agent") and the operator of the TuoKeBao platform ("we") and governs your use of the app and its services. Please read it carefully before registering or signing in. By ticking the box, registering or signing in you accept all of it.',
  sections: [
    {
      heading: '1. The service',
      paragraphs: [
        '1.1 TuoKeBao is a sales tool for payment-terminal agents: terminal stock, allocation and recall, merchant binding, product policies, rate and fee changes, earnings, wallet withdrawals, sub-agent management and statistics.',
        '1.2 We may add, change or retire features as the business develops and will tell you through notices and release notes.',
      ],
    },
    {
      heading: '2. Your account',
      paragraphs: [
        '2.1 Register with a mobile number in your own name and join your upline through its invite code.',
        '2.2 The account is for you alone; do not lend, transfer or sell it. Keep your passwords and SMS codes secret.',
        '2.3 "Remember password" keeps a one-use sign-in credential on this device, never your password. Do not tick it on a shared device.',
        '2.4 If your account is misused, change your password at once and contact customer service.',
      ],
    },
    {
      heading: '3. Your rights and duties',
      paragraphs: [
        '3.1 You may see and manage the terminals, merchants, transactions and earnings of yourself and your own team, never those of other teams.',
        '3.2 Describe rates, service fees, communication fees and activation rules to merchants truthfully; never promise returns or encourage cash-out or fake transactions.',
        '3.3 Follow the anti-money-laundering and payment regulations of the PRC and the rules of the acquirer.',
        '3.4 When you open a policy for a sub-agent, its cost may not be below yours and its rewards may not exceed yours.',
      ],
    },
    {
      heading: '4. Earnings and withdrawals',
      paragraphs: [
        '4.1 Profit shares, activation and standard rewards and fee shares are computed from your policies and credited to your wallet, each with its explanation.',
        '4.2 Withdrawals need real-name verification, a bank card in your name and a pay password; the minimum is 10 yuan, and the published fee and withheld taxes apply.',
        '4.3 Refunded, reversed or fraudulent transactions reverse the related earnings at the original rates.',
      ],
    },
    {
      heading: '5. Prohibited conduct',
      paragraphs: [
        "Money laundering, cash-out, gambling or fraud; interfering with the platform (bulk registration, abusive requests, reverse engineering); using another person's identity. We may warn, restrict, freeze earnings or end the service, and cooperate with the authorities.",
      ],
    },
    {
      heading: '6. Liability',
      paragraphs: [
        'We are not liable for interruptions caused by force majeure, carriers or acquirer maintenance, but will restore service promptly. Data errors caused by faults are corrected from the original transaction records.',
      ],
    },
    {
      heading: '7. Changes and termination',
      paragraphs: [
        'We may revise this agreement and will publish the new version in the app; continuing to use the service means you accept it. You may ask customer service to close your account once your wallet is empty and your terminals are handed over.',
      ],
    },
    {
      heading: '8. Governing law',
      paragraphs: [
        'This agreement is governed by the laws of the PRC. Disputes are settled by negotiation, failing which by the competent court where the operator is located.',
      ],
    },
  ],
};

const privacyEn: AgreementDoc = {
  title: 'TuoKeBao Privacy Policy',
  updated: 'Updated 1 October 2026 · Effective 1 October 2026',
  intro:
    'Your personal information matters to us. This policy explains what we collect, how we use, store, share and protect it, and your rights.',
  sections: [
    {
      heading: '1. What we collect',
      paragraphs: [
        '1.1 Sign-up and sign-in: mobile number, password (only an irreversible salted hash is kept), SMS codes, invite code and an optional name.',
        '1.2 Verification and withdrawals: name, ID number and photos, settlement bank card. ID and card numbers are shown masked.',
        '1.3 Business data: terminal serial numbers, merchants, transactions, earnings and withdrawals.',
        '1.4 Device data: model, OS and app version, for update prompts and troubleshooting. The camera is used only when you scan.',
      ],
    },
    {
      heading: '2. How we use it',
      paragraphs: [
        'To sign you in and keep the account safe; to compute and pay earnings and process withdrawals (withholding taxes as required); to send notices and updates; to meet anti-money-laundering and anti-fraud duties.',
      ],
    },
    {
      heading: '3. Sharing',
      paragraphs: [
        'With licensed acquirers, the terminal and merchant data needed for binding, rate changes and settlement; with banks, the payee name and card for withdrawals; with your upline, your masked name and mobile and team totals. We never sell your information.',
      ],
    },
    {
      heading: '4. Storage and security',
      paragraphs: [
        'Data is stored in mainland China for no longer than needed. We use encrypted transport, salted password hashes, access control and audit logs. This device keeps only the sign-in token and similar data, cleared when you sign out.',
      ],
    },
    {
      heading: '5. Your rights',
      paragraphs: [
        'View your profile under Mine > Basic info, change your password, and contact customer service to correct data, close your account or withdraw consent. We answer within 15 working days.',
      ],
    },
    {
      heading: '6. Minors',
      paragraphs: ['The service is for adults aged 18 or over.'],
    },
    {
      heading: '7. Contact',
      paragraphs: ['Call the customer service number shown under Settings > About us.'],
    },
  ],
};

export const BUILTIN_AGREEMENTS = {
  zh: { agreement: agreementZh, privacy: privacyZh },
  en: { agreement: agreementEn, privacy: privacyEn },
} as const;
