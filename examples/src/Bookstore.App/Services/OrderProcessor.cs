namespace Bookstore.App.Services;

public sealed class OrderProcessor
{
    private const int ChildrenLimit = 5;

    private readonly IReadRepository<Book> _books;
    private readonly Inventory _inventory;

    public OrderProcessor(IReadRepository<Book> books, Inventory inventory)
    {
        _books = books;
        _inventory = inventory;
    }

    public event EventHandler<OrderResult>? Completed;

    public int Processed { get; private set; }

    public async Task<OrderResult> PlaceAsync(Order order, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        await Task.Yield();

        var result = _books.FindById(order.BookId) switch
        {
            null => OrderResult.Fail(order, "unknown book"),
            { IsForChildren: true } when order.Quantity > ChildrenLimit => OrderResult.Fail(order, "limit exceeded"),
            Book book when _inventory.TryReserve(book.Id, order.Quantity, out var left) =>
                OrderResult.Ok(order, DiscountPolicy.For(book.Genre).Apply(book.Price, order.Quantity), left),
            _ => OrderResult.Fail(order, "out of stock"),
        };

        Processed++;
        Completed?.Invoke(this, result);
        return result;
    }

    public async Task<IReadOnlyList<OrderResult>> PlaceAllAsync(IEnumerable<Order> orders)
    {
        var results = new List<OrderResult>();
        foreach (var order in orders)
        {
            results.Add(await PlaceAsync(order));
        }

        return results;
    }

    public static string Classify(object? value) => value switch
    {
        Order { Quantity: 0 } => "empty order",
        Order order => $"order for #{order.BookId}",
        Book { Price.Amount: > 100m } => "luxury book",
        Book => "book",
        int and < 0 => "negative number",
        int => "number",
        null => "nothing",
        object other => other.GetType().Name,
    };
}
