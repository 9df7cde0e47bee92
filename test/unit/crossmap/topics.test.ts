/**
 * Sentence topics (src/crossmap/topics.ts): the sentence splitter, scoring and thresholds on small hand
 * vectors, the JSON check, the trainer, and the shipped classifier with the real sentence encoder on a
 * few sentences whose topic nobody would dispute.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictLogistic, trainLogistic } from '../../../scripts/model/logistic';
import { parseTopicClassifier, splitSentences, topicHints, topicScores, topicsOf, type TopicClassifier } from '../../../src/crossmap/topics';
import { ENCODER_MODEL_ID } from '../../../src/embedding/bundled';
import { MODELS_DIR } from '../../../src/embedding/node';
import { TransformersEmbedder } from '../../../src/embedding/transformers-embedder';

const root = resolve(import.meta.dirname, '../../..');

describe('splitSentences', () => {
  it('cuts at sentence ends and line breaks, with offsets into the message', () => {
    const text = 'I have asthma. Is it bad?! ok\nnext line…  and more';
    const parts = splitSentences(text);
    expect(parts.map((p) => p.text)).toEqual(['I have asthma.', 'Is it bad?!', 'ok', 'next line…', 'and more']);
    for (const p of parts) expect(text.slice(p.start, p.end)).toBe(p.text);
  });

  it('keeps titles, initials, decimals, times and addresses inside a sentence', () => {
    const text = "Email Dr. Okonkwo at St. Mary's about J. Smith, e.g. the 3.5mg dose at 10.30 via example.com today. Thanks";
    expect(splitSentences(text).map((p) => p.text)).toEqual([text.slice(0, -7), 'Thanks']);
  });

  it('takes a closing quote with its sentence and drops empty pieces', () => {
    expect(splitSentences('He said "stop." Then left.\n\n  \n')).toEqual([
      { start: 0, end: 15, text: 'He said "stop."' },
      { start: 16, end: 26, text: 'Then left.' },
    ]);
    expect(splitSentences('   ')).toEqual([]);
  });
});

const tiny: TopicClassifier = {
  encoder: 'test',
  dimension: 2,
  topics: [
    { topic: 'health', weights: [4, 0], bias: -2, threshold: 0.5 },
    { topic: 'finance', weights: [0, 4], bias: -2, threshold: 0.8 },
  ],
};

describe('topicsOf', () => {
  it('scores every topic with the logistic function', () => {
    const [h, f] = topicScores([0.5, 1], tiny);
    expect(h!.score).toBeCloseTo(0.5, 12);
    expect(f!.score).toBeCloseTo(1 / (1 + Math.exp(-2)), 12);
  });

  it('reports the topics at or above their own threshold, highest first', () => {
    expect(topicsOf([1, 1], tiny).map((t) => t.topic)).toEqual(['health', 'finance']); // equal scores: classifier order
    expect(topicsOf([1, 1.2], tiny).map((t) => t.topic)).toEqual(['finance', 'health']);
    // finance scores 0.73 here: above 0.5 but below its own threshold 0.8.
    expect(topicsOf([0, 0.75], tiny)).toEqual([]);
    expect(topicsOf(new Float32Array([0.9, 0]), tiny).map((t) => t.topic)).toEqual(['health']);
  });

  it('refuses a vector of another dimension', () => {
    expect(() => topicsOf([1, 0, 0], tiny)).toThrow(/3-d vector for a 2-d/);
  });
});

describe('parseTopicClassifier', () => {
  const good = { encoder: 'm', dimension: 2, topics: [{ topic: 'legal', weights: [1, 2], bias: 0, threshold: 0.6 }] };
  it('accepts a well-formed classifier and rejects malformed ones', () => {
    expect(parseTopicClassifier(good).topics[0]!.topic).toBe('legal');
    const bad = (change: Record<string, unknown>) => ({ ...good, topics: [{ ...good.topics[0], ...change }] });
    expect(() => parseTopicClassifier(bad({ topic: 'weather' }))).toThrow(/unknown topic/);
    expect(() => parseTopicClassifier(bad({ weights: [1] }))).toThrow(/2 finite numbers/);
    expect(() => parseTopicClassifier(bad({ threshold: 1 }))).toThrow(/threshold/);
    expect(() => parseTopicClassifier({ ...good, topics: [good.topics[0], good.topics[0]] })).toThrow(/twice/);
    expect(() => parseTopicClassifier(null)).toThrow(/not an object/);
  });

  it('accepts the shipped data/topic-classifier.json, made for the shipped encoder', () => {
    const c = parseTopicClassifier(JSON.parse(readFileSync(resolve(root, 'data/topic-classifier.json'), 'utf8')));
    expect(c.encoder).toBe(ENCODER_MODEL_ID);
    expect(c.dimension).toBe(512);
    expect(c.topics.map((t) => t.topic)).toContain('immigration');
  });
});

describe('trainLogistic', () => {
  const x = [
    [1, 0],
    [0.9, 0.1],
    [0.8, -0.2],
    [0, 1],
    [0.1, 0.9],
    [-0.2, 0.8],
    [0.2, 1],
  ];
  const y = [true, true, true, false, false, false, false];
  it('separates separable data, the same way on every run', () => {
    const a = trainLogistic(x, y, { lambda: 1e-3 });
    x.forEach((row, i) => expect(predictLogistic(a, row) > 0.5).toBe(y[i]));
    const b = trainLogistic(x, y, { lambda: 1e-3 });
    expect(Array.from(b.weights)).toEqual(Array.from(a.weights));
    expect(b.bias).toBe(a.bias);
  });

  it('shrinks the weights as λ grows', () => {
    const norm = (lambda: number) => Math.hypot(...trainLogistic(x, y, { lambda }).weights);
    expect(norm(1)).toBeLessThan(norm(0.01));
  });

  it('needs both classes', () => {
    expect(() =>
      trainLogistic(
        x,
        x.map(() => true),
        { lambda: 1 },
      ),
    ).toThrow(/both classes/);
  });
});

describe('the shipped classifier on the real sentence encoder', () => {
  let encoder: TransformersEmbedder;
  let classifier: TopicClassifier;
  beforeAll(async () => {
    encoder = await TransformersEmbedder.load(ENCODER_MODEL_ID, { localModelPath: MODELS_DIR + '/' });
    classifier = parseTopicClassifier(JSON.parse(readFileSync(resolve(root, 'data/topic-classifier.json'), 'utf8')));
  });
  afterAll(async () => {
    await encoder?.dispose();
  });

  it.each([
    ['I was just diagnosed with HIV', 'health'],
    ['I got arrested for shoplifting last week', 'criminal'],
    ["I can't keep up with my credit card payments", 'finance'],
    ["my visa runs out and I'm scared of being deported", 'immigration'],
    ['I came out as gay to my parents', 'sexuality'],
    ['we pray at the mosque every Friday', 'religion'],
    ['my husband wants a divorce and custody of the kids', 'legal'],
  ])('"%s" → %s first', async (text, topic) => {
    const [v] = await encoder.embed([text]);
    expect(topicsOf(v!, classifier)[0]?.topic).toBe(topic);
  });

  it.each(["what's a good pasta recipe", 'how do I center a div in CSS?', 'Write a haiku about the sea'])('"%s" → no topic', async (text) => {
    const [v] = await encoder.embed([text]);
    expect(topicsOf(v!, classifier)).toEqual([]);
  });
});

describe('topicHints', () => {
  const classifier = parseTopicClassifier({ encoder: 'test', dimension: 2, topics: [{ topic: 'health', weights: [10, 0], bias: -5, threshold: 0.5 }] });
  it('names a sentence about a topic unless a special span lies in it', () => {
    const text = 'My test came back positive. What about lunch? I have asthma.';
    const vectors = [
      [1, 0],
      [0, 1],
      [1, 0],
    ];
    expect(topicHints(text, vectors, [], classifier).map((h) => h.sentence)).toEqual(['My test came back positive.', 'I have asthma.']);
    const asthma = text.indexOf('asthma');
    expect(topicHints(text, vectors, [{ start: asthma, end: asthma + 6 }], classifier)).toEqual([{ sentence: 'My test came back positive.', topic: 'health' }]);
  });
  it('refuses vectors that do not match the sentences', () => {
    expect(() => topicHints('One. Two.', [[1, 0]], [], classifier)).toThrow(/1 vectors for 2 sentences/);
  });
});
