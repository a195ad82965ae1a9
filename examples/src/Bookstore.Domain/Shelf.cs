using System.Collections;
using System.Collections.Generic;
using System.Linq;

namespace Bookstore.Domain;

/// <summary>A fixed number of slots, each holding at most one book.</summary>
public sealed class Shelf : IEnumerable<Book>
{
    private readonly Slot[] _slots;

    public Shelf(string label, int capacity)
    {
        Label = label;
        _slots = new Slot[capacity];
    }

    public string Label { get; }

    public int Capacity => _slots.Length;

    public Book? this[int index]
    {
        get => _slots[index].Book;
        set => _slots[index] = new Slot(value, value is null ? SlotState.Empty : SlotState.Occupied);
    }

    public Book? this[string title] => this.FirstOrDefault(book => book.Title == title);

    public void Reserve(int index) => _slots[index] = new Slot(null, SlotState.Reserved);

    public IEnumerator<Book> GetEnumerator()
    {
        foreach (var slot in _slots)
        {
            if (slot.State == SlotState.Occupied && slot.Book is { } book)
            {
                yield return book;
            }
        }
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    public enum SlotState
    {
        Empty,
        Occupied,
        Reserved,
    }

    public readonly struct Slot
    {
        public Slot(Book? book, SlotState state)
        {
            Book = book;
            State = state;
        }

        public Book? Book { get; }

        public SlotState State { get; }
    }
}
