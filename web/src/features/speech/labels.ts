import { computed } from 'nanostores';
import { $locale } from '../../app/locale.js';

const en = {
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  loadingAudio: 'Loading audio…',
  speechFailed: 'Could not read aloud: {message}',
  speech: 'Read aloud',
  speechHint: 'The model and voice replies are read with (the play button under each reply).',
  speechModel: 'Speech model',
  speechVoice: 'Voice',
  speechAuto: 'First available ({model})',
  speechNone: 'No provider with a speech model and a key.',
};

export type SpeechLabels = typeof en;

const zh: SpeechLabels = {
  readAloud: '朗读',
  stopReading: '停止朗读',
  loadingAudio: '正在加载音频…',
  speechFailed: '无法朗读：{message}',
  speech: '朗读',
  speechHint: '朗读回复时使用的模型和音色（每条回复下方的播放按钮）。',
  speechModel: '语音模型',
  speechVoice: '音色',
  speechAuto: '第一个可用的（{model}）',
  speechNone: '没有带语音模型且有密钥的服务商。',
};

export const $speechLabels = computed($locale, (locale) => (locale === 'zh' ? zh : en));
