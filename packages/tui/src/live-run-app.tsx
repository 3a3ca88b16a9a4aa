import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useInput, useStdout } from 'ink';
import type { HumanMessage } from '@massgen/core';
import type { DisplayState } from '@massgen/run-state';
import type { DisplayStore } from './display-store.js';
import { keyAction, stepFocus } from './key-bindings.js';
import type { Draft } from './prompt-line.js';
import type { QuestionBoard, ShownQuestion } from './question-board.js';
import { editText } from './text-input.js';
import { RunScreen } from './run-screen.js';
import type { TerminalSize } from './terminal-size.js';
import type { ScreenOptions } from './run-screen.js';

export interface LiveRunAppProps {
  store: DisplayStore;
  options: ScreenOptions;
  /** False when input is not a terminal: ink cannot read keys without raw mode. */
  keysEnabled: boolean;
  onAnswerNow: () => void;
  onCancel: () => void;
  /** Fixes the size instead of following the terminal's (tests). */
  size?: TerminalSize;
  /** How often the elapsed time ticks while nothing else changes. */
  clockIntervalMs?: number;
  /** Told of each state once it is on screen, so the display can close on its final frame. */
  onCommit?: (state: DisplayState) => void;
  /** Given, `m` types a message to the agents (all, or the focused one) and sends it here. */
  onMessage?: (message: HumanMessage) => void;
  /** The agents' questions to the person; the oldest is shown and its reply typed in the footer. */
  questions?: QuestionBoard;
  /** The reply to a question, or `undefined` when the person skipped it (Escape, or Enter on nothing). */
  onReply?: (questionId: string, reply: string | undefined) => void;
}

const noQuestions: readonly ShownQuestion[] = [];

type MessageDraft = { to?: string; text: string };
type ReplyDraft = { id: string; text: string };
const noSubscription = (): (() => void) => () => {};

const fallbackSize: TerminalSize = { columns: 80, rows: 24 };

/** The live display: draws the store's frames, follows the terminal's size, and handles keys. */
export function LiveRunApp({
  store,
  options,
  keysEnabled,
  onAnswerNow,
  onCancel,
  size,
  clockIntervalMs = 1000,
  onCommit,
  onMessage,
  questions: board,
  onReply,
}: LiveRunAppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const questions = useSyncExternalStore(board?.subscribe ?? noSubscription, board?.getSnapshot ?? (() => noQuestions));
  // Keys can come faster than React renders (a paste, a quick Enter), so what is typed lives in
  // refs the key handler reads; the state copies only make the screen follow.
  const [message, showMessage] = useState<MessageDraft | undefined>(undefined);
  const [reply, showReply] = useState<ReplyDraft | undefined>(undefined);
  const typedMessage = useRef<MessageDraft | undefined>(undefined);
  const typedReply = useRef<ReplyDraft | undefined>(undefined);
  const setMessage = (value: MessageDraft | undefined): void => {
    typedMessage.current = value;
    showMessage(value);
  };
  const setReply = (value: ReplyDraft | undefined): void => {
    typedReply.current = value;
    showReply(value);
  };
  const terminal = useTerminalSize(size);
  const [focus, setFocus] = useState<number | undefined>(undefined);
  const shownFocus = useRef(focus);
  shownFocus.current = focus;
  const [scroll, setScroll] = useState(0);
  // The clock only forces a redraw; the time shown is read at each render, so a frame drawn for an event is never behind.
  const [, setTick] = useState(0);
  const finished = state.status.state === 'finished';
  const question = questions[0];
  const draft = currentDraft(finished ? undefined : message, question, reply);

  useLayoutEffect(() => {
    onCommit?.(state);
  }, [state, onCommit]);

  useEffect(() => {
    if (finished) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), clockIntervalMs);
    return () => clearInterval(timer);
  }, [finished, clockIntervalMs]);

  useInput(
    (input, key) => {
      const typing = currentDraft(
        finished ? undefined : typedMessage.current,
        (board?.getSnapshot() ?? noQuestions)[0],
        typedReply.current,
      );
      if (typing !== undefined && !(key.ctrl === true && input === 'c')) {
        typeInto(typing, editText(typing.text, input, key));
        return;
      }
      const action = keyAction(input, key, {
        focused: focus !== undefined,
        agentCount: state.agentIds.length,
        pageLines: Math.max(1, terminal.rows - 6),
      });
      switch (action?.type) {
        case 'answer-now':
          if (finished) break;
          store.requestAnswer();
          onAnswerNow();
          break;
        case 'cancel':
          if (finished) break;
          store.requestCancel();
          onCancel();
          break;
        case 'compose': {
          if (finished || onMessage === undefined) break;
          // The handler can be a render behind the screen (ink subscribes it in an effect): the refs are not.
          const focused = shownFocus.current;
          const to = focused === undefined ? undefined : store.getSnapshot().agentIds[focused];
          setMessage({ ...(to === undefined ? {} : { to }), text: '' });
          break;
        }
        case 'focus':
          setFocus(action.index);
          setScroll(0);
          break;
        case 'focus-step':
          setFocus(stepFocus(focus, action.delta, state.agentIds.length));
          setScroll(0);
          break;
        case 'unfocus':
          setFocus(undefined);
          setScroll(0);
          break;
        case 'scroll':
          setScroll((current) => Math.max(0, current + action.lines));
          break;
        default:
          break;
      }
    },
    { isActive: keysEnabled },
  );

  function typeInto(typing: Draft, edit: ReturnType<typeof editText>): void {
    if (edit.type === 'none') return;
    if (typing.kind === 'message') {
      if (edit.type === 'change')
        setMessage({ ...(typing.to === undefined ? {} : { to: typing.to }), text: edit.text });
      else {
        if (edit.type === 'submit' && edit.text !== '')
          onMessage?.({ text: edit.text, ...(typing.to === undefined ? {} : { to: [typing.to] }) });
        setMessage(undefined);
      }
      return;
    }
    if (edit.type === 'change') setReply({ id: typing.question.id, text: edit.text });
    else {
      setReply(undefined);
      onReply?.(typing.question.id, edit.type === 'submit' && edit.text !== '' ? edit.text : undefined);
    }
  }

  return (
    <RunScreen
      state={state}
      width={terminal.columns}
      height={terminal.rows}
      options={options}
      focus={focus}
      scroll={scroll}
      now={Date.now()}
      keysEnabled={keysEnabled}
      messages={onMessage !== undefined}
      prompt={{ draft, waiting: message === undefined ? undefined : question }}
    />
  );
}

/** A message being typed comes first; otherwise the oldest open question takes the footer. */
function currentDraft(
  message: MessageDraft | undefined,
  question: ShownQuestion | undefined,
  reply: ReplyDraft | undefined,
): Draft | undefined {
  if (message !== undefined) return { kind: 'message', ...message };
  if (question === undefined) return undefined;
  return { kind: 'reply', question, text: reply?.id === question.id ? reply.text : '' };
}

function useTerminalSize(fixed: TerminalSize | undefined): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    columns: stdout.columns || fallbackSize.columns,
    rows: stdout.rows || fallbackSize.rows,
  });
  const [size, setSize] = useState<TerminalSize>(read);
  useEffect(() => {
    if (fixed !== undefined) return undefined;
    const onResize = (): void => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}
