import type { ComboboxStore } from '@mantine/core';
import { useLayoutEffect, useState, type KeyboardEvent } from 'react';

export interface ComboboxKeyOptions {
  /** After an arrow moved the highlight, so it can follow the item rather than the position. */
  moved: () => void;
  /**
   * Enter sends the form unless an option is highlighted in the open list (a form's own field);
   * otherwise Enter belongs to the list while the field has focus (a search that only picks).
   */
  enterSendsForm: boolean;
}

/**
 * A suggesting field's keys, as in WAI-ARIA's combobox pattern, for the turma search and the
 * student field alike: arrows open the list or move through it, Enter picks, Escape closes.
 */
export function onComboboxKey(
  event: KeyboardEvent<HTMLInputElement>,
  combobox: ComboboxStore,
  { moved, enterSendsForm }: ComboboxKeyOptions,
) {
  if (event.nativeEvent.isComposing) return;
  switch (event.key) {
    case 'ArrowDown':
    case 'ArrowUp':
      event.preventDefault();
      if (!combobox.dropdownOpened) {
        combobox.openDropdown('keyboard');
      } else {
        if (event.key === 'ArrowDown') combobox.selectNextOption();
        else combobox.selectPreviousOption();
        moved();
      }
      break;
    case 'Enter': {
      const highlighted = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
      if (enterSendsForm && !highlighted) {
        // The form takes what was typed: its list would only stand between it and the answer.
        combobox.closeDropdown('keyboard');
        break;
      }
      event.preventDefault();
      if (highlighted) combobox.clickSelectedOption();
      else if (!combobox.dropdownOpened) combobox.openDropdown('keyboard');
      break;
    }
    case 'Escape':
      // The dialog or panel around the field stays: Mantine's Modal leaves Escape alone while the
      // field says its list is open (data-mantine-stop-propagation), the side panel an Escape
      // already handled.
      if (combobox.dropdownOpened) event.preventDefault();
      combobox.closeDropdown('keyboard');
      break;
  }
}

/**
 * The highlighted option (the field's aria-activedescendant) follows an item (a turma, a student), not a position:
 * when the answer for what was typed replaces the last one (shown dimmed until it comes), an
 * item highlighted in both stays highlighted, so Enter still picks it; one that is gone leaves
 * nothing highlighted, so Enter never picks whatever now sits in its place. Returns the
 * highlighted index (-1 for none) and how to highlight a value.
 */
export function useFollowedHighlight(
  { resetSelectedOption, selectOption }: ComboboxStore,
  optionSet: unknown,
  optionValues: readonly string[],
) {
  const [highlighted, setHighlighted] = useState<{ optionSet: unknown; value: string | null }>({
    optionSet,
    value: null,
  });
  if (highlighted.optionSet !== optionSet) {
    const kept = highlighted.value !== null && optionValues.includes(highlighted.value);
    setHighlighted({ optionSet, value: kept ? highlighted.value : null });
  }
  // Mantine's Combobox keeps its own highlight, by position: moved to match before the new
  // options are painted, since a passive effect could run after a key already pressed on them.
  const highlightedIndex =
    highlighted.value === null ? -1 : optionValues.indexOf(highlighted.value);
  useLayoutEffect(() => {
    if (highlightedIndex === -1) resetSelectedOption();
    else selectOption(highlightedIndex);
  }, [optionSet, highlightedIndex, resetSelectedOption, selectOption]);
  const highlight = (value: string | null) => setHighlighted({ optionSet, value });
  return [highlightedIndex, highlight] as const;
}
