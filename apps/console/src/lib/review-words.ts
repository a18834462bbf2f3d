import { fenToYuanText, type AdminLicence } from '@pos/core';

/**
 * What the console says around a review or a creation, in both languages (issue 28's smaller
 * points): the licence decision's question and toast naming the merchant and its licence, the
 * toasts after creating an adjustment, banner or notice, the banner title's hint, and the
 * pagination line. Pure functions, so the words are tested without a browser.
 */
type Lang = 'zh' | 'en';

/** 鑫便利店7号（M00000900007） — a merchant as a confirmation names it. */
export const merchantNamed = (r: Pick<AdminLicence, 'name' | 'merchantNo'>, lang: Lang) =>
  lang === 'zh' ? `${r.name}（${r.merchantNo}）` : `${r.name} (${r.merchantNo})`;

/** A licence image's kind in words. */
export const fileKindText = (kind: string, lang: Lang) => {
  const words: Record<string, [string, string]> = {
    licence: ['营业执照', 'Business licence'],
    id_front: ['身份证人像面', 'ID card, photo side'],
    id_back: ['身份证国徽面', 'ID card, emblem side'],
    shop: ['门头照', 'Shop front'],
  };
  const w = words[kind];
  return w ? (lang === 'zh' ? w[0] : w[1]) : kind;
};

export interface LicenceDecisionWords {
  title: string;
  /** One line each: the merchant, the licence number and name, the agent, what follows. */
  lines: string[];
  okText: string;
  /** The toast once the server has recorded the decision. */
  done: string;
}

/** The question before approving or rejecting a licence, and the toast after. */
export function licenceDecisionWords(
  r: Pick<AdminLicence, 'name' | 'merchantNo' | 'licenceNo' | 'licenceName' | 'agentName'>,
  approve: boolean,
  lang: Lang,
): LicenceDecisionWords {
  const who = merchantNamed(r, lang);
  const no = r.licenceNo ?? (lang === 'zh' ? '未填写' : 'not given');
  if (lang === 'zh') {
    return {
      title: approve ? `通过 ${who} 的营业执照？` : `驳回 ${who} 的营业执照？`,
      lines: [
        `商户：${who}`,
        `执照号：${no}`,
        ...(r.licenceName ? [`执照名称：${r.licenceName}`] : []),
        `代理商：${r.agentName}`,
        approve
          ? '通过后，该商户的营业执照显示为已通过。'
          : '驳回后，代理商看到驳回理由，可修改后重新提交。',
      ],
      okText: approve ? '通过' : '驳回',
      done: approve ? `已通过 ${who} 的营业执照` : `已驳回 ${who} 的营业执照`,
    };
  }
  return {
    title: approve
      ? `Approve the business licence of ${who}?`
      : `Reject the business licence of ${who}?`,
    lines: [
      `Merchant: ${who}`,
      `Licence no.: ${no}`,
      ...(r.licenceName ? [`Licence name: ${r.licenceName}`] : []),
      `Agent: ${r.agentName}`,
      approve
        ? "Once approved, the merchant's business licence shows as approved."
        : 'Once rejected, the agent sees the reason and may correct and submit it again.',
    ],
    okText: approve ? 'Approve' : 'Reject',
    done: approve ? `Business licence of ${who} approved` : `Business licence of ${who} rejected`,
  };
}

/** The toast after a banner is saved: created or changed, named by its title. */
export const bannerSavedText = (title: string, created: boolean, lang: Lang) =>
  lang === 'zh'
    ? `${created ? '已新建' : '已保存'}轮播图「${title}」`
    : `Banner “${title}” ${created ? 'created' : 'saved'}`;

/** The toast after a notice is saved: created or changed, named by its title. */
export const noticeSavedText = (title: string, created: boolean, lang: Lang) =>
  lang === 'zh'
    ? `${created ? '已发布' : '已保存'}公告「${title}」`
    : `Notice “${title}” ${created ? 'published' : 'saved'}`;

/** The toast after an adjustment is proposed: its number, whom, which wallet, how much, what next. */
export function adjustmentProposedText(
  a: { id: number; agentName: string; walletText: string; amountFen: number },
  lang: Lang,
) {
  const amount = `${a.amountFen < 0 ? '-' : '+'}${fenToYuanText(Math.abs(a.amountFen))}`;
  return lang === 'zh'
    ? `已提交调账申请 #${a.id}：${a.agentName} · ${a.walletText} ${amount} 元，待另一位操作员复核`
    : `Adjustment #${a.id} proposed: ${a.agentName} · ${a.walletText} ${amount} yuan, awaiting a second operator's review`;
}

/** The banner form's note under the title: the app draws it over the image. */
export const bannerTitleHint = (lang: Lang) =>
  lang === 'zh'
    ? 'App 会把标题用白字显示在图片左侧（首页轮播在中部，商城轮播在左下角）：图片里不要再写标题，左侧请留出不花哨的背景。'
    : 'The app draws the title over the image in white on its left (home carousel: middle, shop carousel: bottom left): put no title in the image itself and keep its left side plain.';

/**
 * The pagination line of a list: the page and its rows; the list's total where the server counts
 * it (small tables), never a count it did not give.
 */
export function pageInfoText(
  p: { page: number; shown: number; total?: number; last: boolean },
  lang: Lang,
) {
  if (lang === 'zh')
    return [
      `第 ${p.page} 页`,
      `本页 ${p.shown} 条`,
      ...(p.total !== undefined ? [`共 ${p.total} 条`] : []),
      ...(p.last ? ['已到末页'] : []),
    ].join(' · ');
  return [
    `Page ${p.page}`,
    `${p.shown} ${p.shown === 1 ? 'row' : 'rows'}`,
    ...(p.total !== undefined ? [`${p.total} in all`] : []),
    ...(p.last ? ['last page'] : []),
  ].join(' · ');
}

/** The total line of a list shown whole (brands, products, operators). */
export const totalText = (total: number, lang: Lang) =>
  lang === 'zh' ? `共 ${total} 条` : `${total} in all`;
