import { computed } from 'nanostores';
import { $locale } from '../../app/locale.js';

/** The credits pages' and badges' labels in English; `zh` has the same keys. */
const en = {
  credits: 'Credits',
  creditsBalance: '{credits} credits',
  creditsLeft: 'Credits left: {credits} ({plan} plan)',
  usage: 'Usage',
  usageTitle: 'Usage',
  usageIntro: 'Credits spent per day and per model, and every change of your balance.',
  usagePerDay: 'Credits per day',
  usagePerModel: 'Credits per model',
  usageNoData: 'Nothing spent yet.',
  ledger: 'Ledger',
  ledgerDate: 'Date',
  ledgerReason: 'Reason',
  ledgerModel: 'Model',
  ledgerTokens: 'Tokens',
  ledgerCredits: 'Credits',
  ledgerEstimated: 'estimated',
  ledgerEmpty: 'No entries yet.',
  loadMore: 'Load more',
  loading: 'Loading…',
  loadFailed: 'Could not load: {message}',
  reasonSignup: 'Sign-up grant',
  reasonGrant: 'Monthly grant',
  reasonChat: 'Chat',
  reasonAdmin: 'Adjustment',
  plans: 'Plans',
  plansTitle: 'Plans',
  plansIntro: 'Every plan grants its credits each month. 1 credit = $0.000001.',
  planFree: 'Free',
  planBasic: 'Basic',
  planAdvanced: 'Advanced',
  planProfessional: 'Professional',
  freePlanCredits: '500,000 credits at sign-up',
  monthlyCredits: '{credits} credits a month',
  allModels: 'Every model',
  allModelsOf: 'Every {provider} model',
  currentPlan: 'Current plan',
  upgrade: 'Upgrade to {plan}',
  manageSubscription: 'Manage subscription',
  billingUnavailable:
    'Online payment is not set up on this server; ask its operator to change your plan.',
  redirecting: 'Opening…',
  periodEnds: 'Renews {date}',
  seePlans: 'See plans',
  upgradePlan: 'Upgrade your plan',
  replyCost: '{credits} credits',
  replyCostTitle: '{credits} credits ≈ ${usd}',
  notCloud: 'Credits exist only in the cloud edition.',
};

export type CreditLabels = typeof en;

const zh: CreditLabels = {
  credits: '积分',
  creditsBalance: '{credits} 积分',
  creditsLeft: '剩余积分：{credits}（{plan}）',
  usage: '用量',
  usageTitle: '用量',
  usageIntro: '每天和每个模型消耗的积分，以及余额的每一笔变动。',
  usagePerDay: '每日积分',
  usagePerModel: '各模型积分',
  usageNoData: '还没有消耗。',
  ledger: '账目',
  ledgerDate: '日期',
  ledgerReason: '类型',
  ledgerModel: '模型',
  ledgerTokens: '令牌',
  ledgerCredits: '积分',
  ledgerEstimated: '估算',
  ledgerEmpty: '暂无记录。',
  loadMore: '加载更多',
  loading: '加载中…',
  loadFailed: '加载失败：{message}',
  reasonSignup: '注册赠送',
  reasonGrant: '每月发放',
  reasonChat: '对话',
  reasonAdmin: '调整',
  plans: '套餐',
  plansTitle: '套餐',
  plansIntro: '每个套餐每月发放相应积分。1 积分 = 0.000001 美元。',
  planFree: '免费版',
  planBasic: '基础版',
  planAdvanced: '进阶版',
  planProfessional: '专业版',
  freePlanCredits: '注册即送 500,000 积分',
  monthlyCredits: '每月 {credits} 积分',
  allModels: '全部模型',
  allModelsOf: '{provider} 的全部模型',
  currentPlan: '当前套餐',
  upgrade: '升级到{plan}',
  manageSubscription: '管理订阅',
  billingUnavailable: '此服务器未开通在线支付，请联系管理员更改套餐。',
  redirecting: '正在打开…',
  periodEnds: '{date} 续期',
  seePlans: '查看套餐',
  upgradePlan: '升级套餐',
  replyCost: '{credits} 积分',
  replyCostTitle: '{credits} 积分 ≈ ${usd}',
  notCloud: '积分仅在云端版中提供。',
};

/** The credits labels of the current UI language. */
export const $creditLabels = computed($locale, (locale) => (locale === 'zh' ? zh : en));

/** `{name}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) =>
    key in values ? String(values[key]) : all,
  );
}

/** A credit amount as people read it in that language (grouped digits). */
export function formatCredits(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US').format(value);
}

/** The plan's name in the current labels. */
export function planName(plan: string, label: CreditLabels): string {
  switch (plan) {
    case 'basic':
      return label.planBasic;
    case 'advanced':
      return label.planAdvanced;
    case 'professional':
      return label.planProfessional;
    default:
      return label.planFree;
  }
}
