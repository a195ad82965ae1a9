namespace Bookstore.Data;

/// <summary>Copies in stock per book id.</summary>
public class Inventory
{
    private readonly Dictionary<int, StockEntry> _stock = new();

    public int this[int bookId]
    {
        get => _stock.TryGetValue(bookId, out var entry) ? entry.Quantity : 0;
        set => _stock[bookId] = new StockEntry(bookId, value);
    }

    public IEnumerable<StockEntry> Entries => _stock.Values;

    public bool TryReserve(int bookId, int quantity, out int remaining)
    {
        remaining = this[bookId];
        if (remaining < quantity)
        {
            return false;
        }

        remaining -= quantity;
        this[bookId] = remaining;
        return true;
    }

    public record struct StockEntry(int BookId, int Quantity)
    {
        public readonly bool IsEmpty => Quantity == 0;
    }
}
