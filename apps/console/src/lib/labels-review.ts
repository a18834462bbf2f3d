/**
 * English for the labels of the licence review, the quota agent picker and the lists' totals
 * (issue 28's smaller points); spread into LABELS_EN.
 */
export const REVIEW_LABELS_EN: Record<string, string> = {
  未填写: 'Not given',
  未上传图片: 'No images',
  收款账户: 'Payee account',
};
